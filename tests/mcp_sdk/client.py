"""Drives `boardlint mcp` with the MCP Python SDK (scripts/test-mcp.sh).

Two sessions: the initialize handshake (ClientSession.initialize), and the
2026-07-28 lifecycle without one (ClientSession.discover). The SDK checks
each successful tool result against the tool's output schema; this script
checks what the results say. Prints one `ok:` or `FAIL:` line a check and
exits 1 when any failed.

Usage: python client.py BOARDLINT VERSION RULE_COUNT FMT_DRAFT FMT_EXPECTED WORKDIR
"""

import asyncio
import sys
from importlib.metadata import version

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

SELF_INVOCATION = "CFO: [INVOKE:cfo|What is our runway?]\n"
TOOLS = {"check", "format", "explain_rule", "list_rules"}

failures = 0


def check(ok, what, detail=""):
    global failures
    if ok:
        print(f"ok: python SDK: {what}")
    else:
        failures += 1
        print(f"FAIL: python SDK: {what}" + (f" ({detail})" if detail else ""))


def text_of(result):
    texts = [c.text for c in result.content if getattr(c, "type", None) == "text"]
    return texts[0] if texts else ""


async def call(session, tool, arguments):
    """A tool call; an exception (a protocol error, or a result the SDK
    rejects against the output schema) is reported, not raised."""
    try:
        return await session.call_tool(tool, arguments)
    except Exception as e:  # noqa: BLE001 - every failure is reported
        check(False, f"{tool} {sorted(arguments)} answers", f"{type(e).__name__}: {e}")
        return None


async def handshake_session(params, expected_version, rule_count, draft, expected):
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(
                init.server_info.name == "boardlint" and init.server_info.version == expected_version,
                f"initialize: server {init.server_info.name} {init.server_info.version}, "
                f"protocol {init.protocol_version}",
                f"expected boardlint {expected_version}",
            )
            check(init.capabilities.tools is not None, "initialize: the server offers tools")
            check("`check`" in (init.instructions or ""), "initialize: instructions name `check`")

            listed = await session.list_tools()
            names = {t.name for t in listed.tools}
            check(names == TOOLS, f"tools/list: {sorted(names)}", f"expected {sorted(TOOLS)}")
            for tool in listed.tools:
                check(
                    tool.input_schema.get("type") == "object"
                    and (tool.output_schema or {}).get("type") == "object",
                    f"tools/list: {tool.name} has input and output schemas",
                )
            by_name = {t.name: t for t in listed.tools}
            if "check" in by_name:
                check(
                    by_name["check"].input_schema.get("required") == ["text"],
                    "tools/list: check requires `text`",
                    str(by_name["check"].input_schema.get("required")),
                )

            result = await call(session, "check", {"text": SELF_INVOCATION})
            if result is not None:
                content = result.structured_content or {}
                first = (content.get("diagnostics") or [{}])[0]
                start = first.get("start", {})
                check(
                    not result.is_error
                    and first.get("code") == "L001"
                    and (start.get("line"), start.get("column")) == (1, 6)
                    and content.get("summary", {}).get("errors") == 1,
                    "check: a self-invocation is L001 at 1:6",
                    str(content),
                )
                check("error[L001] self-invocation" in text_of(result), "check: the text names L001")

            result = await call(session, "check", {"text": "CFO: Our runway is 14 months.\n"})
            if result is not None:
                check(
                    not result.is_error and result.structured_content.get("diagnostics") == [],
                    "check: a clean answer has no diagnostics",
                    str(result.structured_content),
                )

            result = await call(session, "check", {"text": SELF_INVOCATION, "kind": "memo"})
            if result is not None:
                check(
                    result.is_error and "`memo` is not a kind" in text_of(result),
                    "check: an unknown kind is a tool error",
                    text_of(result),
                )

            result = await call(session, "format", {"text": draft, "path": "alert.md"})
            if result is not None:
                content = result.structured_content or {}
                check(
                    not result.is_error
                    and content.get("changed") is True
                    and content.get("formatted") == expected
                    and content.get("diff", "").startswith("--- a/alert.md\n+++ b/alert.md\n"),
                    "format: a card draft comes back in the canonical layout, with its diff",
                    str(content)[:300],
                )

            result = await call(session, "explain_rule", {"rule": "self-invocation"})
            if result is not None:
                page = (result.structured_content or {}).get("page", "")
                check(
                    not result.is_error and page.startswith("# L001 self-invocation") and text_of(result) == page,
                    "explain_rule: self-invocation is L001's page",
                    page[:80],
                )

            result = await call(session, "explain_rule", {"rule": "Z999"})
            if result is not None:
                check(
                    result.is_error and "no rule `Z999`" in text_of(result),
                    "explain_rule: an unknown rule is a tool error",
                    text_of(result),
                )

            result = await call(session, "list_rules", {})
            if result is not None:
                rules = (result.structured_content or {}).get("rules", [])
                l001 = [r for r in rules if r.get("code") == "L001"]
                check(
                    not result.is_error
                    and len(rules) == rule_count
                    and l001
                    and l001[0].get("name") == "self-invocation"
                    and l001[0].get("severity") == "error",
                    f"list_rules: {len(rules)} rules, L001 self-invocation among them",
                    f"expected {rule_count}",
                )


async def discover_session(params):
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            try:
                found = await session.discover()
            except Exception as e:  # noqa: BLE001
                check(False, "server/discover answers", f"{type(e).__name__}: {e}")
                return
            check(
                session.protocol_version == "2026-07-28" and found.capabilities.tools is not None,
                f"server/discover: protocol {session.protocol_version}, no initialize",
            )
            listed = await session.list_tools()
            check({t.name for t in listed.tools} == TOOLS, "tools/list without initialize")
            result = await call(session, "check", {"text": SELF_INVOCATION})
            if result is not None:
                codes = [d.get("code") for d in (result.structured_content or {}).get("diagnostics", [])]
                check(codes == ["L001"], "check without initialize: L001", str(codes))


async def main():
    boardlint, expected_version, rule_count, draft_path, expected_path, workdir = sys.argv[1:7]
    with open(draft_path, encoding="utf-8") as f:
        draft = f.read()
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    print(f"ok: python SDK: mcp {version('mcp')}")
    params = StdioServerParameters(command=boardlint, args=["mcp"], cwd=workdir)
    await handshake_session(params, expected_version, int(rule_count), draft, expected)
    await discover_session(params)


if __name__ == "__main__":
    asyncio.run(main())
    sys.exit(1 if failures else 0)
