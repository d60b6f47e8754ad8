//! The Claude Code plugin in the repository (`.claude-plugin/`, `hooks/`):
//! its manifest names this version, and its hooks are the ones
//! `boardlint hook install claude` writes.

use std::path::Path;

use serde_json::Value;

fn read(rel: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn the_plugin_is_this_version_and_runs_boardlint_hook_at_each_stop() {
    let manifest = read(".claude-plugin/plugin.json");
    assert_eq!(manifest["name"], "boardlint");
    assert_eq!(
        manifest["version"],
        env!("CARGO_PKG_VERSION"),
        "bump .claude-plugin/plugin.json"
    );
    let market = read(".claude-plugin/marketplace.json");
    assert_eq!(market["plugins"][0]["name"], "boardlint");
    assert_eq!(market["plugins"][0]["source"], "./");
    let hooks = read("hooks/hooks.json");
    for event in ["Stop", "SubagentStop"] {
        let command = &hooks["hooks"][event][0]["hooks"][0];
        assert_eq!(command["type"], "command", "{event}");
        assert_eq!(command["command"], "boardlint hook", "{event}");
    }
    assert_eq!(hooks["hooks"].as_object().unwrap().len(), 2);
}
