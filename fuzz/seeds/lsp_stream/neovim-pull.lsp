Content-Length: 311

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}, "textDocument": {"diagnostic": {"dynamicRegistration": false}}, "workspace": {"diagnostic": {"refreshSupport": true}, "didChangeWatchedFiles": {"dynamicRegistration": true}}}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 800

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "untitled:draft", "languageId": "markdown", "version": 1, "text": "CFO: 😀 [INVOKE:cfo|What is our runway?]\n\nCRO: Flagging this before Tuesday's pipeline call.\n\n🚩 CRO — Proactive Alert\nwhat i noticed\nNorthwind, our largest customer, has not logged in for 23 days and their champion left last week.\nwhy it matters\nNorthwind is $310K of ARR and renews on June 1.\nrecommended action\nThe CRO books an executive call with Northwind's new VP of Operations this week.\nUrgency: 🟡 This week\n\nCEO: Thanks, loop me into that call.\n\nCEO: [INVOKE:cro|Pipeline?] [CHAIN: ceo → cro]\n[RESPONSE:cro]\nPipeline is 3.1M.\n[/RESPONSE]\n<!-- boardlint-disable-next-line L001 -->\nCTO: [INVOKE:cto|x]\n"}}}Content-Length: 119

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": "untitled:draft"}}}Content-Length: 289

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "untitled:draft", "version": 2}, "contentChanges": [{"text": "CFO: 😀 [INVOKE:cfo|What is our runway?]\nCFO: 😀 [INVOKE:cfo|What is our runway?]\nCFO: 😀 [INVOKE:cfo|What is our runway?]\n"}]}}Content-Length: 119

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": "untitled:draft"}}}Content-Length: 68

{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}}Content-Length: 168

{"jsonrpc": "2.0", "id": 4, "method": "textDocument/formatting", "params": {"textDocument": {"uri": "untitled:draft"}, "options": {"tabSize": 2, "insertSpaces": true}}}Content-Length: 55

{"jsonrpc": "2.0", "id": "boardlint-1", "result": null}Content-Length: 139

{"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {"changes": [{"uri": "file:///tmp/.boardlint.yaml", "type": 2}]}}Content-Length: 236

{"jsonrpc": "2.0", "id": 5, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "untitled:draft"}, "range": {"start": {"line": 0, "character": 5}, "end": {"line": 0, "character": 9}}, "context": {"diagnostics": []}}}Content-Length: 65

{"jsonrpc": "2.0", "id": 6, "method": "shutdown", "params": null}Content-Length: 52

{"jsonrpc": "2.0", "method": "exit", "params": null}