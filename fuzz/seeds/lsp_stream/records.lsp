Content-Length: 83

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 247

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/a.handoff.yaml", "languageId": "yaml", "version": 1, "text": "task_id: T-1\nstatus: nonsense\nnext_allowed: [cfo]\nowner: cfo\n"}}}Content-Length: 287

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/run.events.jsonl", "languageId": "jsonl", "version": 1, "text": "{\"event\":\"start\",\"run\":\"r1\",\"agent\":\"cfo\"}\nnot json\n{\"event\":\"end\",\"run\":\"r1\"}\n"}}}Content-Length: 271

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/session.jsonl", "languageId": "jsonl", "version": 1, "text": "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"CFO: [INVOKE:cfo|x]\"}}\n"}}}Content-Length: 182

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/a.handoff.yaml"}, "position": {"line": 1, "character": 9}}}Content-Length: 265

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/run.events.jsonl"}, "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 3}}, "context": {"diagnostics": []}}}Content-Length: 195

{"jsonrpc": "2.0", "id": 4, "method": "textDocument/formatting", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/a.handoff.yaml"}, "options": {"tabSize": 4, "insertSpaces": true}}}Content-Length: 134

{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/session.jsonl"}}}Content-Length: 65

{"jsonrpc": "2.0", "id": 5, "method": "shutdown", "params": null}Content-Length: 52

{"jsonrpc": "2.0", "method": "exit", "params": null}