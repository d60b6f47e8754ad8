"""Drives `boardlint server` with pytest-lsp (scripts/test-lsp.sh).

Each test runs once per client whose capabilities pytest-lsp ships: VS Code
1.65 (pushed diagnostics, UTF-16), Neovim 0.11 (pulled diagnostics, UTF-8)
and Emacs 29 (pushed, UTF-8 offered first among three). The server is the
built binary, started by pytest-lsp over stdio in a project directory of
its own (a `.git` and no configuration file). The tests open a draft, edit
it, read its diagnostics, ask for code actions, format it and hover on it,
and apply what the server sends in the encoding it chose.

Environment: BOARDLINT (the binary), BOARDLINT_PROJECT (the directory),
BOARDLINT_FMT_DRAFT and BOARDLINT_FMT_EXPECTED (a card draft and what
`boardlint fmt` makes of it).
"""

import asyncio
import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

BOARDLINT = os.environ["BOARDLINT"]
PROJECT = pathlib.Path(os.environ["BOARDLINT_PROJECT"])
DRAFT = pathlib.Path(os.environ["BOARDLINT_FMT_DRAFT"]).read_text(encoding="utf-8")
EXPECTED = pathlib.Path(os.environ["BOARDLINT_FMT_EXPECTED"]).read_text(encoding="utf-8")

# An astral character before the marker: its column differs in every
# encoding (UTF-16: 8, UTF-8: 10, UTF-32: 7).
SELF_INVOCATION = "CFO: 😀 [INVOKE:cfo|What is our runway?]\n"
MARKER_COLUMN = {"utf-16": 8, "utf-8": 10, "utf-32": 7}
CLIENTS = ["visual-studio-code@v1.65.2", "neovim@v0.11.0", "emacs@v29.1"]
WAIT = 20


def uri_of(name):
    return (PROJECT / name).as_uri()


def index_of(text, position, encoding):
    """The string index of an LSP position in `text`."""
    lines = text.splitlines(keepends=True)
    if position.line >= len(lines):
        return len(text)
    start = sum(len(line) for line in lines[: position.line])
    line = lines[position.line].rstrip("\r\n")
    units = position.character
    at = 0
    for ch in line:
        width = {"utf-8": len(ch.encode("utf-8")), "utf-16": len(ch.encode("utf-16-le")) // 2}.get(encoding, 1)
        if units < width:
            break
        units -= width
        at += 1
    return start + at


def apply(text, edits, encoding):
    spans = [
        (index_of(text, e.range.start, encoding), index_of(text, e.range.end, encoding), e.new_text)
        for e in edits
    ]
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


@pytest_lsp.fixture(
    params=CLIENTS,
    config=ClientServerConfig(server_command=[BOARDLINT, "server"]),
)
async def client(request, lsp_client: LanguageClient):
    # The clients that watch files for a server are asked to watch the
    # configuration files; pytest-lsp's client answers such requests only
    # when it has a handler.
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params):
        lsp_client.boardlint_registrations.extend(params.registrations)

    lsp_client.boardlint_registrations = []
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=PROJECT.as_uri(),
    )
    result = await lsp_client.initialize_session(params)
    lsp_client.boardlint_init = result
    yield
    await lsp_client.shutdown_session()


def encoding_of(client):
    chosen = client.boardlint_init.capabilities.position_encoding
    return str(chosen.value if hasattr(chosen, "value") else chosen or "utf-16")


def pulls(client):
    return client.boardlint_init.capabilities.diagnostic_provider is not None


async def diagnostics(client, uri, opened=None):
    """The document's diagnostics: pulled, or the next ones pushed."""
    if pulls(client):
        if opened is not None:
            opened()
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        return report.items
    waiting = client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    if opened is not None:
        opened()
    await asyncio.wait_for(waiting, WAIT)
    return client.diagnostics[uri]


def open_document(client, uri, text):
    return lambda: client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text)
        )
    )


@pytest.mark.asyncio
async def test_the_server_says_who_it_is_and_what_it_offers(client: LanguageClient):
    init = client.boardlint_init
    assert init.server_info.name == "boardlint"
    caps = init.capabilities
    assert caps.document_formatting_provider
    assert caps.hover_provider
    kinds = {str(k.value if hasattr(k, "value") else k) for k in caps.code_action_provider.code_action_kinds}
    assert {"quickfix", "source.fixAll.boardlint", "source.format.boardlint"} <= kinds
    offered = client.capabilities.general.position_encodings if client.capabilities.general else None
    offered = [str(e.value if hasattr(e, "value") else e) for e in offered or []]
    assert encoding_of(client) == ("utf-8" if "utf-8" in offered else "utf-16")
    # Pull when the client can, push otherwise.
    assert pulls(client) == (client.capabilities.text_document.diagnostic is not None)


@pytest.mark.asyncio
async def test_a_client_that_watches_files_is_asked_to_watch_the_configuration(client: LanguageClient):
    watched = client.capabilities.workspace.did_change_watched_files
    uri = uri_of("watch.md")
    await diagnostics(client, uri, open_document(client, uri, SELF_INVOCATION))
    # The options arrive as JSON (a dict) or as lsprotocol's types.
    patterns = []
    for r in client.boardlint_registrations:
        if r.method != types.WORKSPACE_DID_CHANGE_WATCHED_FILES:
            continue
        options = r.register_options
        watchers = options["watchers"] if isinstance(options, dict) else options.watchers
        for w in watchers:
            patterns.append(w["globPattern"] if isinstance(w, dict) else w.glob_pattern)
    if watched is not None and watched.dynamic_registration:
        assert any(str(p).endswith(".boardlint.yaml") for p in patterns), patterns
    else:
        assert patterns == []


@pytest.mark.asyncio
async def test_diagnostics_follow_the_edits(client: LanguageClient):
    uri = uri_of("runway.md")
    found = await diagnostics(client, uri, open_document(client, uri, SELF_INVOCATION))
    assert [d.code for d in found] == ["L001"]
    d = found[0]
    assert d.source == "boardlint"
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.range.start.line == 0
    assert d.range.start.character == MARKER_COLUMN[encoding_of(client)]
    assert d.code_description.href.endswith("/docs/rules/L001.md")
    # Replace the role invoked: `cfo` → `ceo`, at the column the encoding gives.
    column = MARKER_COLUMN[encoding_of(client)] + len("[INVOKE:")
    change = types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(line=0, character=column), end=types.Position(line=0, character=column + 3)),
        text="ceo",
    )

    def edit():
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                content_changes=[change],
            )
        )

    after = await diagnostics(client, uri, edit)
    assert list(after) == []
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=column))
    )
    assert hover is not None and "INVOKE:role|question" in hover.contents.value


@pytest.mark.asyncio
async def test_code_actions_and_formatting_rewrite_the_card(client: LanguageClient):
    uri = uri_of("alert.md")
    encoding = encoding_of(client)
    found = await diagnostics(client, uri, open_document(client, uri, DRAFT))
    assert [d.code for d in found] == ["C001"]
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True),
        )
    )
    assert apply(DRAFT, edits, encoding) == EXPECTED
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=found[0].range,
            context=types.CodeActionContext(diagnostics=found),
        )
    )
    titles = [a.title for a in actions]
    assert any(t.startswith("Fix C001 card-frame") for t in titles), titles
    assert any(t.startswith("Disable C001") for t in titles), titles
    assert "Format card (boardlint fmt)" in titles, titles
    fix = next(a for a in actions if a.title.startswith("Fix C001"))
    assert fix.kind == types.CodeActionKind.QuickFix
    assert apply(DRAFT, fix.edit.changes[uri], encoding) == EXPECTED
    disable = next(a for a in actions if a.title.startswith("Disable C001"))
    silenced = apply(DRAFT, disable.edit.changes[uri], encoding)
    assert "<!-- boardlint-disable-next-line C001 -->\n🚩 CRO" in silenced
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=found[0].range.start)
    )
    assert hover.contents.value.startswith("**C001 card-frame**")


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
