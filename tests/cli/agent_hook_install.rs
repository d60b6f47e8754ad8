//! `boardlint hook install` and `uninstall` on real configuration files
//! that already hold other hooks and settings.

use std::path::Path;

use serde_json::{json, Value};

use super::boardlint;

fn run(dir: &Path, home: &Path, args: &[&str]) -> (i32, String, String) {
    let out = boardlint()
        .args(["hook"])
        .args(args)
        .current_dir(dir)
        .env("HOME", home)
        .env("CODEX_HOME", home.join("codex-home"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Where each of `keys` first stands in `text`, as written.
fn places(text: &str, keys: &[&str]) -> Vec<usize> {
    keys.iter()
        .map(|k| text.find(&format!("\"{k}\"")).unwrap_or(usize::MAX))
        .collect()
}

/// Install, install again, dry-run uninstall, uninstall: the other hooks
/// and settings stay, in their order, and uninstall gives back the file
/// byte for byte.
/// `before` is the file as a tool or a person wrote it (keys in no sorted
/// order), `order` its top-level keys as written.
fn round_trip(agent: &str, rel: &str, before: &str, order: &[&str], events: &[&str], user: bool) {
    let original: Value = serde_json::from_str(before).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let base = if user { home.path() } else { dir.path() };
    let path = base.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, before).unwrap();
    let scope = if user { "--user" } else { "--project" };

    let (code, out, err) = run(
        dir.path(),
        home.path(),
        &["install", agent, scope, "--dry-run"],
    );
    assert_eq!(code, 0, "{agent}: {err}");
    assert!(
        out.contains("+") && out.contains("boardlint hook"),
        "{agent}: {out}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        before,
        "{agent}: dry run wrote"
    );

    let (code, out, err) = run(dir.path(), home.path(), &["install", agent, scope]);
    assert_eq!(code, 0, "{agent}: {err}");
    assert!(out.contains("added boardlint's hook"), "{agent}: {out}");
    let text = std::fs::read_to_string(&path).unwrap();
    let after: Value = serde_json::from_str(&text).unwrap();
    // Every key of the original is still there, in the order written.
    let at = places(&text, order);
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{agent}: {text}");
    for event in events {
        let list = after["hooks"][event]
            .as_array()
            .unwrap_or_else(|| panic!("{agent}: {text}"));
        assert!(
            list.iter()
                .any(|e| e.to_string().contains("boardlint hook")),
            "{agent} {event}: {text}"
        );
    }
    for (k, v) in original.as_object().unwrap() {
        if k != "hooks" {
            assert_eq!(&after[k], v, "{agent}: {k}");
        }
    }
    if let Some(hooks) = original["hooks"].as_object() {
        for (event, list) in hooks {
            for e in list.as_array().unwrap() {
                assert!(
                    after["hooks"][event].as_array().unwrap().contains(e),
                    "{agent}: lost {e}"
                );
            }
        }
    }

    let (code, out, _) = run(dir.path(), home.path(), &["install", agent, scope]);
    assert_eq!(code, 0);
    assert!(out.contains("already"), "{agent}: {out}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "{agent}: not idempotent"
    );

    let (code, out, _) = run(dir.path(), home.path(), &["uninstall", agent, scope]);
    assert_eq!(code, 0, "{agent}");
    assert!(out.contains("removed boardlint's hook"), "{agent}: {out}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        before,
        "{agent}: uninstall"
    );
    let (_, out, _) = run(dir.path(), home.path(), &["uninstall", agent, scope]);
    assert!(out.contains("nothing to remove"), "{agent}: {out}");
}

#[test]
fn claude_codes_settings_keep_their_permissions_model_and_other_hooks() {
    let original = r#"{
  "model": "opus",
  "permissions": {
    "allow": [
      "Bash(ls:*)"
    ],
    "deny": []
  },
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "notify.sh",
            "timeout": 5
          }
        ]
      }
    ],
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "guard.sh"
          }
        ]
      }
    ]
  },
  "env": {
    "DISABLE_TELEMETRY": "1"
  }
}
"#;
    let order = ["model", "permissions", "hooks", "Stop", "PreToolUse", "env"];
    round_trip(
        "claude",
        ".claude/settings.json",
        original,
        &order,
        &["Stop", "SubagentStop"],
        false,
    );
}

#[test]
fn codex_hooks_in_codex_home_keep_their_other_hooks() {
    let original = r#"{
  "hooks": {
    "SessionStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "start.sh"
          }
        ]
      }
    ]
  }
}
"#;
    round_trip(
        "codex",
        "codex-home/hooks.json",
        original,
        &["hooks"],
        &["Stop", "SubagentStop"],
        true,
    );
}

#[test]
fn gemini_settings_keep_their_auth_and_other_hooks() {
    let original = r#"{
  "security": {
    "auth": {
      "selectedType": "gemini-api-key"
    }
  },
  "general": {
    "disableAutoUpdate": true
  },
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "run_shell_command",
        "hooks": [
          {
            "type": "command",
            "command": "check.sh"
          }
        ]
      }
    ]
  }
}
"#;
    round_trip(
        "gemini",
        ".gemini/settings.json",
        original,
        &["security", "general", "hooks"],
        &["AfterAgent"],
        false,
    );
}

#[test]
fn cursor_hooks_keep_their_version_and_other_hooks() {
    let original = r#"{
  "version": 1,
  "hooks": {
    "stop": [
      {
        "command": "./audit.sh"
      }
    ],
    "afterFileEdit": [
      {
        "command": "./format.sh"
      }
    ]
  }
}
"#;
    round_trip(
        "cursor",
        ".cursor/hooks.json",
        original,
        &["version", "hooks", "stop", "afterFileEdit"],
        &["stop"],
        false,
    );
}

#[test]
fn a_missing_file_is_created_and_removed_again() {
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let (code, _, err) = run(dir.path(), home.path(), &["install", "cursor"]);
    assert_eq!(code, 0, "{err}");
    let path = dir.path().join(".cursor/hooks.json");
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        written,
        json!({"version": 1, "hooks": {"stop": [{"command": "boardlint hook --agent cursor", "loop_limit": 2}]}})
    );
    let (code, out, _) = run(dir.path(), home.path(), &["uninstall", "cursor"]);
    assert_eq!(code, 0);
    assert!(out.contains("and the file"), "{out}");
    assert!(!path.exists());
    // `--command` names the binary the tool runs.
    run(
        dir.path(),
        home.path(),
        &["install", "claude", "--command", "/opt/bin/boardlint hook"],
    );
    let text = std::fs::read_to_string(dir.path().join(".claude/settings.json")).unwrap();
    assert!(text.contains("\"/opt/bin/boardlint hook\""), "{text}");
}

#[test]
fn a_file_that_is_not_json_is_left_alone_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let path = dir.path().join(".gemini/settings.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "{\"general\": {,}\n").unwrap();
    let (code, out, err) = run(dir.path(), home.path(), &["install", "gemini"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains(".gemini/settings.json: not JSON") && err.contains("left as it is"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"general\": {,}\n"
    );
}

/// Install and uninstall of `agent` in a directory whose settings file at
/// `rel` holds `text`: each is refused with exit code 2, an error naming
/// the file and the key, and the file left byte for byte.
fn refused(agent: &str, rel: &str, text: &str, key: &str) {
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let path = dir.path().join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    for action in ["install", "uninstall"] {
        for dry in [false, true] {
            let mut args = vec![action, agent];
            if dry {
                args.push("--dry-run");
            }
            let (code, out, err) = run(dir.path(), home.path(), &args);
            assert_eq!(
                (code, out.as_str()),
                (2, ""),
                "{agent} {args:?} on {text}: {err}"
            );
            assert!(
                err.starts_with(&format!("error: {rel}: `{key}` is "))
                    && err.contains("left as it is"),
                "{agent} {args:?} on {text}: {err}"
            );
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{agent}");
        }
    }
}

#[test]
fn hooks_that_are_no_object_of_events_are_refused_and_left_as_they_are() {
    for (agent, rel) in [
        ("claude", ".claude/settings.json"),
        ("codex", ".codex/hooks.json"),
        ("gemini", ".gemini/settings.json"),
        ("cursor", ".cursor/hooks.json"),
    ] {
        for text in [
            r#"{"hooks": 5}"#,
            r#"{"hooks": "Stop"}"#,
            r#"{"hooks": [{"command": "x"}]}"#,
            r#"{"hooks": null}"#,
        ] {
            refused(agent, rel, text, "hooks");
        }
    }
    let (code, _, err) = {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".claude/settings.json");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, r#"{"hooks": 5}"#).unwrap();
        run(dir.path(), dir.path(), &["install", "claude"])
    };
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: .claude/settings.json: `hooks` is a number, where Claude Code expects an object of events; boardlint cannot merge its hook there: left as it is\n"
    );
}

#[test]
fn an_event_that_is_no_list_of_hook_groups_is_refused_and_left_as_it_is() {
    for (agent, rel, event) in [
        ("claude", ".claude/settings.json", "Stop"),
        ("claude", ".claude/settings.json", "SubagentStop"),
        ("codex", ".codex/hooks.json", "Stop"),
        ("gemini", ".gemini/settings.json", "AfterAgent"),
        ("cursor", ".cursor/hooks.json", "stop"),
    ] {
        for value in [r#""x""#, r#"{"command": "notify.sh"}"#, "true", "null"] {
            let text = format!(r#"{{"hooks": {{"{event}": {value}}}}}"#);
            refused(agent, rel, &text, &format!("hooks.{event}"));
        }
        // An entry of the list that is no object.
        let text = format!(
            r#"{{"hooks": {{"{event}": [{{"command": "a", "hooks": []}}, "notify.sh"]}}}}"#
        );
        refused(agent, rel, &text, &format!("hooks.{event}[1]"));
    }
    // A group without its list of hooks, or with hooks that are no objects.
    for (agent, rel, event) in [
        ("claude", ".claude/settings.json", "Stop"),
        ("codex", ".codex/hooks.json", "SubagentStop"),
        ("gemini", ".gemini/settings.json", "AfterAgent"),
    ] {
        let text = format!(
            r#"{{"hooks": {{"{event}": [{{"type": "command", "command": "notify.sh"}}]}}}}"#
        );
        refused(agent, rel, &text, &format!("hooks.{event}[0].hooks"));
        let text = format!(r#"{{"hooks": {{"{event}": [{{"hooks": {{"type": "command"}}}}]}}}}"#);
        refused(agent, rel, &text, &format!("hooks.{event}[0].hooks"));
        let text =
            format!(r#"{{"hooks": {{"{event}": [{{"hooks": [{{"command": "a"}}, "b.sh"]}}]}}}}"#);
        refused(agent, rel, &text, &format!("hooks.{event}[0].hooks[1]"));
    }
    // Cursor's version other than 1.
    refused(
        "cursor",
        ".cursor/hooks.json",
        r#"{"version": 2, "hooks": {}}"#,
        "version",
    );
    refused(
        "cursor",
        ".cursor/hooks.json",
        r#"{"version": "1"}"#,
        "version",
    );
    // Other events, and other keys under `hooks`, are not boardlint's to judge.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(".gemini/settings.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = r#"{"hooks": {"enabled": true, "BeforeTool": "x"}}"#;
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = run(dir.path(), dir.path(), &["install", "gemini"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(dir.path(), dir.path(), &["uninstall", "gemini"]);
    assert_eq!(code, 0, "{err}");
    let back: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(back, serde_json::from_str::<Value>(text).unwrap());
}

#[test]
fn a_key_written_twice_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(".claude/settings.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = "{\n  \"hooks\": {},\n  \"hooks\": {\"Stop\": []}\n}\n";
    std::fs::write(&path, text).unwrap();
    for action in ["install", "uninstall"] {
        let (code, out, err) = run(dir.path(), dir.path(), &[action, "claude"]);
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert_eq!(
            err,
            "error: .claude/settings.json: the key \"hooks\" is written twice in one object at line 3 column 9; left as it is\n"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
}

/// Uninstall takes out what install added and nothing else: a group of
/// another hook's that is empty stays (it was taken out as if emptied).
#[test]
fn uninstall_leaves_the_empty_groups_it_did_not_empty() {
    let original = r#"{
  "hooks": {
    "Stop": [
      {
        "matcher": "",
        "hooks": []
      }
    ],
    "PreToolUse": []
  }
}
"#;
    round_trip(
        "claude",
        ".claude/settings.json",
        original,
        &["hooks", "Stop", "PreToolUse"],
        &["Stop", "SubagentStop"],
        false,
    );
}

#[cfg(unix)]
#[test]
fn a_settings_file_that_is_a_pipe_or_a_device_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(".claude/settings.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    assert!(std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap()
        .success());
    for action in ["install", "uninstall"] {
        let out = boardlint()
            .args(["hook", action, "claude"])
            .current_dir(dir.path())
            .env("HOME", dir.path())
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{action}: {err}");
        assert_eq!(
            err,
            "error: .claude/settings.json: a named pipe (FIFO), not a regular file: not read\n"
        );
    }
    // A link to a device is refused the same way.
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let out = boardlint()
        .args(["hook", "install", "claude"])
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: .claude/settings.json: a character device, not a regular file: not read\n"
    );
}

#[test]
fn a_settings_file_too_large_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(".claude/settings.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = std::fs::File::create(&path).unwrap();
    // Sparse: 20 MiB that take no room.
    file.set_len(20 << 20).unwrap();
    let (code, out, err) = run(dir.path(), dir.path(), &["install", "claude"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.starts_with("error: .claude/settings.json: the file is 20971520 bytes")
            && err.contains("left as it is"),
        "{err}"
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 20 << 20);
}

/// Each tool's settings file as a person writes it, with two spaces, its
/// keys in no sorted order.
const SETTINGS: [(&str, &str, &str); 4] = [
    (
        "claude",
        ".claude/settings.json",
        "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"Bash\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"guard.sh\"\n          }\n        ]\n      }\n    ]\n  },\n  \"env\": {}\n}\n",
    ),
    (
        "codex",
        ".codex/hooks.json",
        "{\n  \"hooks\": {\n    \"SessionStart\": [\n      {\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"start.sh\"\n          }\n        ]\n      }\n    ]\n  }\n}\n",
    ),
    (
        "gemini",
        ".gemini/settings.json",
        "{\n  \"security\": {\n    \"auth\": {\n      \"selectedType\": \"gemini-api-key\"\n    }\n  },\n  \"general\": {\n    \"disableAutoUpdate\": true\n  }\n}\n",
    ),
    (
        "cursor",
        ".cursor/hooks.json",
        "{\n  \"version\": 1,\n  \"hooks\": {\n    \"afterFileEdit\": [\n      {\n        \"command\": \"./format.sh\"\n      }\n    ]\n  }\n}\n",
    ),
];

/// A settings file's text laid out another way.
type Layout = fn(&str) -> String;

/// Install writes its hook in the file's own layout (its indentation, line
/// breaks and final line break), and uninstall gives the file back byte
/// for byte.
#[test]
fn install_keeps_the_files_layout_and_uninstall_gives_it_back() {
    let layouts: [(&str, Layout); 5] = [
        ("four spaces", |t| t.replace("  ", "    ")),
        ("tabs", |t| t.replace("  ", "\t")),
        ("four spaces, no final line break", |t| {
            t.replace("  ", "    ").trim_end().to_string()
        }),
        ("tabs and CRLF", |t| {
            t.replace("  ", "\t").replace('\n', "\r\n")
        }),
        ("one line", |t| {
            let v: Value = serde_json::from_str(t).unwrap();
            // serde_json writes keys sorted: still a file a person writes.
            serde_json::to_string(&v).unwrap()
        }),
    ];
    for (agent, rel, two_spaces) in SETTINGS {
        for (layout, lay_out) in layouts {
            let before = lay_out(two_spaces);
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &before).unwrap();
            let (code, _, err) = run(dir.path(), dir.path(), &["install", agent]);
            assert_eq!(code, 0, "{agent}, {layout}: {err}");
            let installed = std::fs::read_to_string(&path).unwrap();
            assert!(installed.contains("boardlint hook"), "{agent}, {layout}");
            // The file's layout, for the hook's lines too.
            let breaks = installed.matches('\n').count();
            let crlf = installed.matches("\r\n").count();
            match before.contains("\r\n") {
                true => assert_eq!(crlf, breaks, "{agent}, {layout}: {installed:?}"),
                false => assert_eq!(crlf, 0, "{agent}, {layout}: {installed:?}"),
            }
            assert_eq!(
                installed.ends_with('\n'),
                before.ends_with('\n'),
                "{agent}, {layout}"
            );
            let indents: Vec<&str> = installed
                .lines()
                .map(|l| &l[..l.len() - l.trim_start().len()])
                .filter(|i| !i.is_empty())
                .collect();
            match layout {
                "one line" => assert_eq!(installed.lines().count(), 1, "{installed}"),
                l if l.starts_with("tabs") => {
                    assert!(indents.iter().all(|i| !i.contains(' ')), "{installed}")
                }
                _ => assert!(
                    indents
                        .iter()
                        .all(|i| !i.contains('\t') && i.len() % 4 == 0),
                    "{installed}"
                ),
            }
            let (code, _, err) = run(dir.path(), dir.path(), &["uninstall", agent]);
            assert_eq!(code, 0, "{agent}, {layout}: {err}");
            assert_eq!(
                std::fs::read_to_string(&path).unwrap(),
                before,
                "{agent}, {layout}"
            );
        }
    }
}
