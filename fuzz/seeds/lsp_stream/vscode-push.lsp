Content-Length: 310

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": null, "rootUri": null, "capabilities": {"general": {"positionEncodings": ["utf-16"]}, "textDocument": {"codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "refactor.rewrite", "source.fixAll"]}}}}}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 800

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "untitled:draft", "languageId": "markdown", "version": 1, "text": "CFO: 😀 [INVOKE:cfo|What is our runway?]\n\nCRO: Flagging this before Tuesday's pipeline call.\n\n🚩 CRO — Proactive Alert\nwhat i noticed\nNorthwind, our largest customer, has not logged in for 23 days and their champion left last week.\nwhy it matters\nNorthwind is $310K of ARR and renews on June 1.\nrecommended action\nThe CRO books an executive call with Northwind's new VP of Operations this week.\nUrgency: 🟡 This week\n\nCEO: Thanks, loop me into that call.\n\nCEO: [INVOKE:cro|Pipeline?] [CHAIN: ceo → cro]\n[RESPONSE:cro]\nPipeline is 3.1M.\n[/RESPONSE]\n<!-- boardlint-disable-next-line L001 -->\nCTO: [INVOKE:cto|x]\n"}}}Content-Length: 156

{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": "untitled:draft"}, "position": {"line": 0, "character": 10}}}Content-Length: 236

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "untitled:draft"}, "range": {"start": {"line": 2, "character": 0}, "end": {"line": 4, "character": 0}}, "context": {"diagnostics": []}}}Content-Length: 168

{"jsonrpc": "2.0", "id": 4, "method": "textDocument/formatting", "params": {"textDocument": {"uri": "untitled:draft"}, "options": {"tabSize": 4, "insertSpaces": true}}}Content-Length: 247

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "untitled:draft", "version": 2}, "contentChanges": [{"range": {"start": {"line": 0, "character": 16}, "end": {"line": 0, "character": 19}}, "text": "ceo"}]}}Content-Length: 156

{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"textDocument": {"uri": "untitled:draft"}, "position": {"line": 0, "character": 12}}}Content-Length: 107

{"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": "untitled:draft"}}}Content-Length: 263

{"jsonrpc": "2.0", "id": 6, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "untitled:draft"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "context": {"diagnostics": [], "only": ["source.fixAll"]}}}Content-Length: 68

{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 6}}Content-Length: 108

{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": "untitled:draft"}}}Content-Length: 65

{"jsonrpc": "2.0", "id": 7, "method": "shutdown", "params": null}Content-Length: 52

{"jsonrpc": "2.0", "method": "exit", "params": null}