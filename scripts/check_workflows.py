"""Structural checks of the GitHub workflows and the composite Action, for
scripts/test-workflows.sh: what actionlint cannot know about this project.

Usage: python check_workflows.py REPO_ROOT   (needs PyYAML)

Prints one `ok:` or `FAIL:` line per check; exits 1 if any failed.
"""

import os
import re
import sys

import yaml

root = sys.argv[1]
failures = 0

# The targets the release builds binaries for, which install.sh must map the
# runners to, and the wheels.
TARGETS = {
    "x86_64-unknown-linux-musl",
    "aarch64-unknown-linux-musl",
    "x86_64-apple-darwin",
    "aarch64-apple-darwin",
    "x86_64-pc-windows-msvc",
}
WHEELS = {
    ("x86_64", "auto"),
    ("aarch64", "auto"),
    ("x86_64", "musllinux_1_2"),
    ("aarch64", "musllinux_1_2"),
}


def check(what, good, detail=""):
    global failures
    if good:
        print(f"ok: {what}")
    else:
        failures += 1
        print(f"FAIL: {what}" + (f": {detail}" if detail else ""))


def load(rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return yaml.safe_load(f)


def steps_of(job):
    return job.get("steps") or []


# PyYAML reads the key `on:` as True.
def triggers(workflow):
    return workflow.get("on", workflow.get(True)) or {}


def pinned(uses, ref):
    # A version tag (v4, v1.12.4) or a full commit SHA; not a branch. The
    # one exception: dtolnay/rust-toolchain names its refs after the
    # toolchain they install (stable, 1.89.0).
    if uses.startswith("dtolnay/rust-toolchain@"):
        return bool(re.fullmatch(r"stable|beta|nightly|1\.\d+(\.\d+)?", ref))
    return bool(re.fullmatch(r"v\d+(\.\d+)*", ref) or re.fullmatch(r"[0-9a-f]{40}", ref))


workflow_files = sorted(
    os.path.join(".github/workflows", name)
    for name in os.listdir(os.path.join(root, ".github/workflows"))
    if name.endswith((".yml", ".yaml"))
)
action_file = ".github/actions/boardlint/action.yml"
with open(os.path.join(root, ".github/actions/boardlint/install.sh"), encoding="utf-8") as f:
    install = f.read()

# --- every file parses; every action is pinned to a version -------------------
docs = {}
for rel in workflow_files + [action_file]:
    try:
        docs[rel] = load(rel)
        check(f"{rel} parses (yaml.safe_load)", isinstance(docs[rel], dict))
    except yaml.YAMLError as e:
        check(f"{rel} parses (yaml.safe_load)", False, str(e).replace("\n", " "))
unpinned = []
for rel, doc in docs.items():
    if not isinstance(doc, dict):
        continue
    all_steps = [s for job in (doc.get("jobs") or {}).values() for s in steps_of(job)]
    all_steps += (doc.get("runs") or {}).get("steps") or []
    for step in all_steps:
        uses = step.get("uses", "")
        if not uses or uses.startswith(("./", "docker://")):
            continue
        ref = uses.rpartition("@")[2] if "@" in uses else ""
        if not pinned(uses, ref):
            unpinned.append(f"{rel}: {uses}")
check("every action used is pinned to a version tag or a commit", not unpinned, "; ".join(unpinned))

# --- the release workflow ----------------------------------------------------------
release = docs.get(".github/workflows/release.yml")
if isinstance(release, dict):
    on = triggers(release)
    tags = ((on.get("push") or {}).get("tags")) or []
    check("release.yml runs on a pushed v* tag and on workflow_dispatch",
          "v*" in tags and "workflow_dispatch" in on and set(on) <= {"push", "workflow_dispatch"},
          f"on: {on}")
    check("release.yml's default permissions are contents: read",
          release.get("permissions") == {"contents": "read"}, f"{release.get('permissions')}")
    jobs = release.get("jobs") or {}

    def runs(job):
        return "\n".join(s.get("run", "") for s in steps_of(job))

    def uses(job, action):
        return [s for s in steps_of(job) if s.get("uses", "").startswith(action + "@")]

    # Binaries: the five targets, built with the dist profile, archived.
    built = set()
    for name, job in jobs.items():
        if "cargo build" in runs(job):
            matrix = (job.get("strategy") or {}).get("matrix") or {}
            built |= {entry.get("target") for entry in matrix.get("include") or []}
            check(f"release.yml job `{name}` builds with --profile dist and archives with scripts/release-archive.sh",
                  all("--profile dist" in line for line in runs(job).splitlines() if "cargo build" in line)
                  and "bash scripts/release-archive.sh" in runs(job))
    check("release.yml builds binaries for the five release targets", built == TARGETS,
          f"builds {sorted(t for t in built if t)}")
    mapped = set(re.findall(r"TARGET=([a-z0-9_]+-[a-z0-9_-]+)", install))
    check("install.sh maps runners to exactly the targets the release builds", mapped == TARGETS,
          f"install.sh: {sorted(mapped)}")

    # Wheels: maturin, the dist profile, every platform; the sdist.
    maturin = [(name, s) for name, job in jobs.items() for s in uses(job, "PyO3/maturin-action")]
    builds = [(n, s) for n, s in maturin if (s.get("with") or {}).get("command", "build") == "build"]
    sdists = [(n, s) for n, s in maturin if (s.get("with") or {}).get("command") == "sdist"]
    check("release.yml builds every wheel with maturin --profile dist",
          builds and all("--profile dist" in str((s.get("with") or {}).get("args", "")) for _, s in builds))
    check("release.yml builds the sdist (maturin sdist)", len(sdists) == 1)
    wheel_matrix = []
    for name in {n for n, _ in builds}:
        wheel_matrix += ((jobs[name].get("strategy") or {}).get("matrix") or {}).get("include") or []
    linux = {(e.get("target"), e.get("manylinux")) for e in wheel_matrix if e.get("manylinux")}
    macos = {e.get("target") for e in wheel_matrix if str(e.get("runner", "")).startswith("macos")}
    windows = {e.get("target") for e in wheel_matrix if str(e.get("runner", "")).startswith("windows")}
    check("wheels: manylinux and musllinux (x86_64, aarch64), macOS (x86_64 and arm64, or universal2), Windows x64",
          linux >= WHEELS and (macos >= {"x86_64", "aarch64"} or "universal2-apple-darwin" in macos) and windows,
          f"linux {sorted(map(str, linux))}, macos {sorted(map(str, macos))}, windows {sorted(map(str, windows))}")
    check("release.yml installs a built wheel and runs boardlint --version",
          any("pip install" in runs(job) and "boardlint --version" in runs(job) for job in jobs.values()))

    # Publishing: only on a pushed tag, with the right permissions.
    def guarded(job, step):
        return "github.event_name == 'push'" in str(job.get("if", "")) + str(step.get("if", ""))

    publishing = []
    for name, job in jobs.items():
        for step in steps_of(job):
            run = step.get("run", "")
            if ("gh release create" in run or "cargo publish" in run
                    or step.get("uses", "").startswith("pypa/gh-action-pypi-publish@")):
                publishing.append((name, job, step))
    check("release.yml publishes a GitHub release, to PyPI and to crates.io",
          {"gh", "pypi", "cargo"} <= {("gh" if "gh release" in s.get("run", "") else
                                        "cargo" if "cargo publish" in s.get("run", "") else "pypi")
                                       for _, _, s in publishing})
    check("every publishing step is skipped unless a tag was pushed (workflow_dispatch is a dry run)",
          publishing and all(guarded(j, s) for _, j, s in publishing),
          ", ".join(n for n, j, s in publishing if not guarded(j, s)))
    for name, job, step in publishing:
        run = step.get("run", "")
        if "gh release create" in run:
            check(f"`{name}` (the GitHub release) has contents: write and uploads SHA256SUMS",
                  (job.get("permissions") or {}).get("contents") == "write" and "SHA256SUMS" in runs(job))
        elif "cargo publish" in run:
            check(f"`{name}` takes CARGO_REGISTRY_TOKEN from the secrets",
                  "secrets.CARGO_REGISTRY_TOKEN" in str(step.get("env", {})) + str(job.get("env", {})))
        else:
            environment = job.get("environment")
            env_name = environment.get("name") if isinstance(environment, dict) else environment
            check(f"`{name}` (PyPI) uses trusted publishing: environment pypi, id-token: write",
                  env_name == "pypi" and (job.get("permissions") or {}).get("id-token") == "write")

# --- the composite action ------------------------------------------------------------
action = docs.get(action_file)
if isinstance(action, dict):
    steps = (action.get("runs") or {}).get("steps") or []
    check("action.yml is a composite action whose run steps all name a shell",
          (action.get("runs") or {}).get("using") == "composite"
          and all("shell" in s for s in steps if "run" in s))
    install_steps = [s for s in steps if "install.sh" in s.get("run", "")]
    check("action.yml installs with install.sh, given inputs.version",
          len(install_steps) == 1
          and "inputs.version" in str((install_steps[0].get("env") or {}).get("BOARDLINT_VERSION", "")))
    script = os.path.join(root, ".github/actions/boardlint/install.sh")
    check("install.sh is an executable bash script with set -euo pipefail",
          os.access(script, os.X_OK) and install.startswith("#!/usr/bin/env bash\n")
          and "set -euo pipefail" in install)
    check("action.yml needs cargo only to build: no step but install.sh's calls it",
          not any("cargo" in s.get("run", "") for s in steps if s not in install_steps))

sys.exit(1 if failures else 0)
