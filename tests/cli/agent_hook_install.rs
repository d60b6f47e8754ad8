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
