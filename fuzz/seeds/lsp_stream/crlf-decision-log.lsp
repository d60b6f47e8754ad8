Content-Length: 127

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {"general": {"positionEncodings": ["utf-32"]}}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 316

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md", "languageId": "markdown", "version": 1, "text": "# Decision log\r\n\r\n## 2026-01-05 — Hire two AEs\r\nDecided by: CEO 😀\r\nConfidence: high\r\n[CHAIN: ceo → cfo → ceo]\r\n"}}}Content-Length: 291

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md", "version": 2}, "contentChanges": [{"range": {"start": {"line": 3, "character": 13}, "end": {"line": 3, "character": 13}}, "text": "😀\r\n[INVOKE:cfo|?]"}]}}Content-Length: 291

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md", "version": 3}, "contentChanges": [{"range": {"start": {"line": 3, "character": 13}, "end": {"line": 3, "character": 13}}, "text": "😀\r\n[INVOKE:cfo|?]"}]}}Content-Length: 291

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md", "version": 4}, "contentChanges": [{"range": {"start": {"line": 3, "character": 13}, "end": {"line": 3, "character": 13}}, "text": "😀\r\n[INVOKE:cfo|?]"}]}}Content-Length: 291

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md", "version": 5}, "contentChanges": [{"range": {"start": {"line": 3, "character": 13}, "end": {"line": 3, "character": 13}}, "text": "😀\r\n[INVOKE:cfo|?]"}]}}Content-Length: 291

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md", "version": 6}, "contentChanges": [{"range": {"start": {"line": 3, "character": 13}, "end": {"line": 3, "character": 13}}, "text": "😀\r\n[INVOKE:cfo|?]"}]}}Content-Length: 291

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md", "version": 7}, "contentChanges": [{"range": {"start": {"line": 3, "character": 13}, "end": {"line": 3, "character": 13}}, "text": "😀\r\n[INVOKE:cfo|?]"}]}}Content-Length: 180

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md"}, "position": {"line": 4, "character": 2}}}Content-Length: 144

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md"}}}Content-Length: 132

{"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md"}}}Content-Length: 193

{"jsonrpc": "2.0", "id": 4, "method": "textDocument/formatting", "params": {"textDocument": {"uri": "file:///tmp/boardlint-fuzz/decisions.md"}, "options": {"tabSize": 4, "insertSpaces": true}}}