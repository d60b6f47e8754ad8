Content-Length: 73

{"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": {}}Content-Length: 83

{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}Content-Length: 57

{"jsonrpc": "2.0", "method": "initialized", "params": {}}Content-Length: 78

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"x":"\ud800"}}Content-Length: 76

{"jsonrpc":"2.0","id":"u","method":"textDocument/hover","params":{"x":"ÿþ"}}Content-Length: 329

{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"x":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}Content-Length: 73

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"x":"\udc00"}}Content-Length: 37

{"jsonrpc": "2.0", "id": 3, "method":Content-Length: 9

[1, 2, 3]Content-Type: text/plain

Content-Length: -4

Content-Length: 72

{"jsonrpc": "2.0", "id": 4, "method": "workspace/nothing", "params": {}}Content-Length: 79

{"jsonrpc": "2.0", "id": 5, "method": "textDocument/codeAction", "params": [1]}Content-Length: 158

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "untitled:never", "version": 2}, "contentChanges": [{"text": "x"}]}}Content-Length: 203

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "untitled:draft", "languageId": "markdown", "version": 1, "text": "CFO: ðŸ˜€ [INVOKE:cfo|What is our runway?]\n"}}}Content-Length: 243

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "untitled:draft", "version": 3}, "contentChanges": [{"range": {"start": {"line": 0, "character": 9}, "end": {"line": 0, "character": 2}}, "text": "x"}]}}Content-Length: 263

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "untitled:draft", "version": 4}, "contentChanges": [{"range": {"start": {"line": 900, "character": 9}, "end": {"line": 4000000000, "character": 4000000000}}, "text": "x"}]}}Content-Length: 164

{"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": {"textDocument": {"uri": "untitled:draft"}, "position": {"line": 0, "character": 4000000000}}}Content-Length: 83

{"jsonrpc": "2.0", "id": 7, "method": "initialize", "params": {"capabilities": {}}}Content-Length: 65

{"jsonrpc": "2.0", "id": 8, "method": "shutdown", "params": null}Content-Length: 73

{"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": {}}Content-Length: 52

{"jsonrpc": "2.0", "method": "exit", "params": null}