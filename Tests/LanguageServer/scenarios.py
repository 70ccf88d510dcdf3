"""`granted-lint lsp` against docs/language-server.md and LSP 3.17, scenario by scenario.

Each test creates a temporary project, starts the server in it and talks to it the way an editor
does (through pygls's LanguageClient), or, for bad input, through the strict raw client of
harness.py. Every test also checks at the end that the server created or changed no file in the
project.

    bash scripts/python-env.sh $(grep -v '^#' Tests/LanguageServer/requirements.txt)
    cd Tests/LanguageServer && GRANTED_LINT_BINARY=../../.build/debug/granted-lint \\
        ../../.venv/bin/python -m unittest -v scenarios            # or scenarios.CodeActions, ...

Tests/GrantedCLITests/LanguageServerTests.swift runs each group (class) as one test.
"""
from __future__ import annotations

import asyncio
import json
import tempfile
import time
import unittest
from pathlib import Path
from typing import Any

from harness import (
    PACKAGE_ROOT, TIMEOUT, Project, RawServer, Session, apply_edits, cli, cli_findings, client_capabilities,
    position_at, range_of, rule_ids, types, uri_to_path,
)

# --------------------------------------------------------------------------------------------------
# What the server must say (docs/language-server.md, "Capabilities")
# --------------------------------------------------------------------------------------------------

DOCUMENTED_CAPABILITIES = {
    "positionEncoding": "utf-16",
    "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},
    "diagnosticProvider": {"identifier": "granted-lint", "interFileDependencies": True, "workspaceDiagnostics": True},
    "codeActionProvider": {"codeActionKinds": ["quickfix", "source.fixAll.granted-lint"], "resolveProvider": True},
    "hoverProvider": True,
    "executeCommandProvider": {"commands": ["granted-lint.explainRule"]},
    "workspace": {"workspaceFolders": {"supported": True, "changeNotifications": True}},
}
SEVERITY = {"error": 1, "warning": 2, "note": 3}
FIX_ALL = "source.fixAll.granted-lint"

# --------------------------------------------------------------------------------------------------
# Sources (each checked against the command line's findings where it matters)
# --------------------------------------------------------------------------------------------------

CLEAN_CHECK = """import * as Notifications from 'expo-notifications';

export async function canNotify() {
  const settings = await Notifications.getPermissionsAsync();
  return settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}
"""
CLEAN_EXPRESSION = "settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL"
BLIND_EXPRESSION = "settings.status === 'granted'"

HANDLER = """import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true,
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});
"""
# The value runs code and the object is one branch of a conditional, so it cannot be bound once: the
# fix writes it twice, unsafe (its title says so already).
UNSAFE_HANDLER = """import * as Notifications from 'expo-notifications';

declare function isForeground(): boolean;
declare const muted: boolean;

Notifications.setNotificationHandler({
  handleNotification: async () => (muted ? { shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false } : { shouldShowAlert: isForeground(), shouldPlaySound: false, shouldSetBadge: false }),
});
"""
# shouldShowAlert contradicts both new keys: removing it is unsafe, and the title does not say so.
CONTRADICTING_HANDLER = """import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true,
    shouldShowBanner: false,
    shouldShowList: false,
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});
"""
UNUSED_SUPPRESSION = """import * as Notifications from 'expo-notifications';

export async function canNotify() {
  const settings = await Notifications.getPermissionsAsync();
  // granted-lint-disable-next-line provisional-blind-check
  return settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}
"""
NESTED_BLIND = """import * as Notifications from 'expo-notifications';

export async function canNotify() {
  const { status } = await Notifications.getPermissionsAsync();
  if (Math.random() > 0.5) {
    return status === 'granted';
  }
  return false;
}
"""
# The copied registration snippet: two provisional-blind checks, one repair for both.
COPIED_SNIPPET = """import * as Notifications from 'expo-notifications';

export async function registerForPush() {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') {
    const { status } = await Notifications.requestPermissionsAsync();
    finalStatus = status;
  }
  if (finalStatus !== 'granted') {
    return null;
  }
  return (await Notifications.getExpoPushTokenAsync({ projectId: 'p' })).data;
}
"""
REPAIR_TITLE = "Accept provisionally and ephemerally authorized devices (unsafe)"
DEPRECATED_API = """import * as Notifications from 'expo-notifications';

export const last = () => Notifications.getLastNotificationResponseAsync();
"""
# Two safe fixes (deprecated-should-show-alert, numeric-authorization-status) and a finding without
# a fix (provisional-blind-check).
SEVERAL_FIXES = """import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true,
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});

export async function quiet() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.granted) {
    return true;
  }
  return settings.ios?.status === 3;
}

export async function blind() {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted';
}
"""
# missing-allow-provisional alone (a channel first, canAskAgain checked, no status decision).
BARE_REQUEST = """import * as Notifications from 'expo-notifications';

export async function ask(): Promise<boolean> {
  await Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: Notifications.AndroidImportance.DEFAULT });
  const current = await Notifications.getPermissionsAsync();
  if (!current.canAskAgain) return false;
  const settings = await Notifications.requestPermissionsAsync();
  return settings.canAskAgain;
}
"""
WRAPPER = """import * as Notifications from 'expo-notifications';

export async function getPermission() {
  return Notifications.getPermissionsAsync();
}
"""
WRAPPER_RETURN = "return Notifications.getPermissionsAsync();"
WRAPPER_WITHOUT_PERMISSION_DATA = "return { status: 'unknown' };"
SCREEN = """import { getPermission } from './permissions';

export async function isEnabled(): Promise<boolean> {
  const result = await getPermission();
  return result.status === 'granted';
}
"""
SCREEN_FINDING = "result.status === 'granted'"
# A safe fix (numeric-authorization-status) next to an unsafe one (deprecated-should-show-alert).
SAFE_AND_UNSAFE = UNSAFE_HANDLER + """
export async function quiet() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.granted) {
    return true;
  }
  return settings.ios?.status === 3;
}
"""
EXAMPLE_FILE = "src/notifications/registerForPushNotifications.ts"


def sort_key(diagnostic: dict[str, Any]) -> str:
    return json.dumps(diagnostic, sort_keys=True)


def to_typed(session: Session, value: Any, kind: type) -> Any:
    """Raw JSON (as received) -> the lsprotocol object pygls sends."""
    return session.client.protocol._converter.structure(value, kind)


def cli_version() -> str:
    return cli("--version").stdout.split()[1]


class ScenarioCase(unittest.IsolatedAsyncioTestCase):
    """A temporary project per test; every server started is ended in tear-down, and the project
    must hold exactly what the test wrote."""

    maxDiff = None

    async def asyncSetUp(self) -> None:
        self.project = Project()
        self.sessions: list[Session] = []

    async def asyncTearDown(self) -> None:
        for session in self.sessions:
            await session.kill()
        try:
            self.project.assert_untouched()
        finally:
            self.project.remove()

    async def start(self, **options) -> Session:
        session = await Session.start(self.project, **options)
        self.sessions.append(session)
        return session

    async def code_actions(self, session: Session, document, lsp_range: dict[str, Any],
                           diagnostics: list[dict[str, Any]], only: list[str] | None = None) -> list[dict[str, Any]]:
        params = to_typed(session, {
            "textDocument": {"uri": document.uri}, "range": lsp_range,
            "context": {"diagnostics": diagnostics, **({"only": only} if only is not None else {}),
                        "triggerKind": 1},
        }, types.CodeActionParams)
        reply = await session.request(types.TEXT_DOCUMENT_CODE_ACTION, params)
        actions = reply.raw["result"] or []
        for action in actions:
            self.assertIn("kind", action, f"a CodeAction literal with a kind, not a Command: {action}")
        return actions

    def assert_no_apply_edit(self, session: Session) -> None:
        self.assertEqual(session.server_requests(types.WORKSPACE_APPLY_EDIT), [],
                         "the server asked the client to apply an edit (it must only offer them)")


# --------------------------------------------------------------------------------------------------

class Lifecycle(ScenarioCase):
    async def test_initialize_advertises_exactly_the_documented_capabilities(self):
        session = await self.start()
        result = session.initialize_result
        self.assertEqual(result["capabilities"], DOCUMENTED_CAPABILITIES)
        self.assertEqual(result.get("serverInfo"), {"name": "granted-lint", "version": cli_version()})
        await session.close()

    async def test_positions_stay_utf16_when_the_client_prefers_utf8(self):
        session = await self.start(capabilities=client_capabilities(position_encodings=["utf-8", "utf-32", "utf-16"]))
        self.assertEqual(session.initialize_result["capabilities"].get("positionEncoding"), "utf-16")
        await session.close()

    async def test_shutdown_then_exit_ends_with_0(self):
        session = await self.start()
        self.assertEqual(await session.shutdown_and_exit(), 0)

    async def test_exit_without_shutdown_ends_with_1(self):
        session = await self.start()
        session.client.exit(None)
        self.assertEqual(await session.exit_code(), 1)

    def test_exit_before_initialize_ends_with_1_and_a_closed_stdin_ends_the_server(self):
        server = RawServer(self.project.root)
        try:
            server.notify("exit")
            self.assertEqual(server.wait_exit(), 1, "exit without shutdown, even before initialize")
        finally:
            server.stop()
        # The editor died (stdin closed) without shutdown: the server must not linger.
        server = RawServer(self.project.root)
        try:
            server.initialize(self.project.root)
            server.process.stdin.close()
            self.assertNotEqual(server.wait_exit(), None)
            server.assert_clean_stdout()
        finally:
            server.stop()

    def test_stdout_is_only_protocol_logs_go_to_stderr_and_the_log_file(self):
        self.project.write("src/push.ts", CLEAN_CHECK.replace(CLEAN_EXPRESSION, BLIND_EXPRESSION))
        with tempfile.TemporaryDirectory() as logs:
            log_file = Path(logs) / "server.log"
            log_file.write_text("an earlier line\n")
            server = RawServer(self.project.root, ["--log-file", str(log_file)])
            try:
                server.initialize(self.project.root)
                uri = server.open(self.project.path("src/push.ts"))
                published = server.published(uri, version=1)
                self.assertEqual(rule_ids(published["diagnostics"]), ["provisional-blind-check"])
                # Garbage between frames is logged (docs: "Bad input"); the next request is answered.
                server.send_bytes(b"this is not a frame\r\n\r\n")
                self.assertIn("error", server.call("granted-lint/noSuchMethod"))
                self.assertEqual(server.shutdown_and_exit(), 0)
                server.assert_clean_stdout()
                stderr = server.stderr_text()
                self.assertTrue(stderr.strip(), "nothing was logged on stderr, not even the garbage between frames")
                logged = log_file.read_text()
                self.assertTrue(logged.startswith("an earlier line\n"), "--log-file must append, not truncate")
                missing = [line for line in stderr.splitlines() if line.strip() and line not in logged]
                self.assertEqual(missing, [], "--log-file must get the same lines as stderr")
            finally:
                server.stop()


# --------------------------------------------------------------------------------------------------

class PushDiagnostics(ScenarioCase):
    async def test_open_publishes_the_command_lines_findings_with_code_link_source_severity_version(self):
        app = self.project.copy("example-app", "app")
        expected = cli_findings(app / EXAMPLE_FILE, cwd=app)
        self.assertGreaterEqual(len(expected), 3, "the example file should have several findings")
        session = await self.start(folders=[(app.as_uri(), "app")])
        document = session.open(f"app/{EXAMPLE_FILE}")
        diagnostics = await session.diagnostics(document.uri, version=1)

        def location(line, column, end_line, end_column):
            return {"start": {"line": line - 1, "character": column - 1},
                    "end": {"line": end_line - 1, "character": end_column - 1}}

        want = sorted((f["rule"], json.dumps(location(f["line"], f["column"], f["endLine"], f["endColumn"]), sort_keys=True))
                      for f in expected)
        have = sorted((d.get("code"), json.dumps(d["range"], sort_keys=True)) for d in diagnostics)
        self.assertEqual(have, want)
        for finding in expected:
            diagnostic = next(d for d in diagnostics if d.get("code") == finding["rule"]
                              and d["range"] == location(finding["line"], finding["column"], finding["endLine"], finding["endColumn"]))
            rule = finding["rule"]
            self.assertEqual(diagnostic.get("source"), "granted-lint")
            self.assertEqual(diagnostic.get("severity"), SEVERITY[finding["severity"]])
            self.assertEqual(diagnostic.get("message"), finding["message"])
            self.assertTrue(diagnostic.get("codeDescription", {}).get("href", "").endswith(f"docs/rules/{rule}.md"),
                            f"codeDescription.href of {rule}: {diagnostic.get('codeDescription')}")
            self.assertIn(rule, json.dumps(diagnostic.get("data")), "data carries the rule id")
            # A related place in another file (the provisional request that makes the check live) has its path.
            related = [{"location": {"uri": (app / r["path"]).as_uri() if "path" in r else document.uri,
                                     "range": location(r["line"], r["column"], r["endLine"], r["endColumn"])},
                        "message": r["message"]} for r in finding["related"] + finding.get("devicePath", [])]
            self.assertEqual(diagnostic.get("relatedInformation") or [], related, f"relatedInformation of {rule}")
            # What the device lives through: the consequence note's places follow the related ones.
            if rule == "provisional-blind-check" and finding.get("devicePath"):
                self.assertTrue(any("the full permission dialog shows" in r["message"] for r in related), related)
        await session.close()

    async def test_tags_unnecessary_and_deprecated(self):
        self.project.write("src/suppressed.ts", UNUSED_SUPPRESSION)
        self.project.write("src/handler.ts", HANDLER)
        self.project.write("src/deprecated.ts", DEPRECATED_API)
        self.project.write("src/blind.ts", NESTED_BLIND)
        session = await self.start()
        expectations = {"src/suppressed.ts": ("unused-suppression", [1]), "src/handler.ts": ("deprecated-should-show-alert", [2]),
                        "src/deprecated.ts": ("removed-notification-api", [2]), "src/blind.ts": ("provisional-blind-check", [])}
        for relative, (rule, tags) in expectations.items():
            document = session.open(relative)
            diagnostics = await session.diagnostics(document.uri, version=1)
            self.assertEqual(rule_ids(diagnostics), [rule], relative)
            self.assertEqual(diagnostics[0].get("tags") or [], tags, f"tags of {rule}")
        await session.close()

    async def test_incremental_edits_make_a_finding_appear_and_disappear(self):
        self.project.write("src/push.ts", CLEAN_CHECK)
        session = await self.start()
        document = session.open("src/push.ts")
        self.assertEqual(await session.diagnostics(document.uri, version=1), [])
        version = session.replace(document, CLEAN_EXPRESSION, BLIND_EXPRESSION)
        diagnostics = await session.diagnostics(document.uri, version=version)
        self.assertEqual(rule_ids(diagnostics), ["provisional-blind-check"])
        self.assertEqual(diagnostics[0]["range"], range_of(document.text, BLIND_EXPRESSION))
        version = session.replace(document, BLIND_EXPRESSION, CLEAN_EXPRESSION)
        self.assertEqual(await session.diagnostics(document.uri, version=version), [])
        await session.close()

    async def test_several_changes_in_one_did_change_apply_in_order(self):
        self.project.write("src/push.ts", CLEAN_CHECK)
        session = await self.start()
        document = session.open("src/push.ts")
        await session.diagnostics(document.uri, version=1)
        # The second change's range is only valid in the text the first one produced.
        first = (range_of(document.text, CLEAN_EXPRESSION), "settings.status === 'denied'")
        after_first = document.text.replace(CLEAN_EXPRESSION, "settings.status === 'denied'")
        second = (range_of(after_first, "'denied'"), "'granted'")
        version = session.edit(document, [first, second])
        self.assertIn(BLIND_EXPRESSION, document.text)
        diagnostics = await session.diagnostics(document.uri, version=version)
        self.assertEqual([(d.get("code"), d["range"]) for d in diagnostics],
                         [("provisional-blind-check", range_of(document.text, BLIND_EXPRESSION))])
        await session.close()

    async def test_full_text_changes(self):
        self.project.write("src/push.ts", CLEAN_CHECK)
        session = await self.start()
        document = session.open("src/push.ts")
        await session.diagnostics(document.uri, version=1)
        version = session.edit(document, [(None, HANDLER)])
        diagnostics = await session.diagnostics(document.uri, version=version)
        self.assertEqual([(d.get("code"), d["range"]) for d in diagnostics],
                         [("deprecated-should-show-alert", range_of(HANDLER, "shouldShowAlert"))])
        version = session.edit(document, [(None, CLEAN_CHECK)])
        self.assertEqual(await session.diagnostics(document.uri, version=version), [])
        await session.close()

    async def test_emoji_and_crlf_before_the_finding_give_utf16_columns(self):
        text = CLEAN_CHECK.replace(CLEAN_EXPRESSION, BLIND_EXPRESSION).replace("\n", "\r\n")
        self.project.write("src/push.ts", text)
        session = await self.start()
        document = session.open("src/push.ts")
        await session.diagnostics(document.uri, version=1)
        # Insert, in one incremental change, a CRLF comment line with emoji (astral and a ZWJ
        # sequence) above the function, and emoji on the finding's own line before it.
        insert_at = position_at(document.text, document.text.index("export async"))
        session.edit(document, [({"start": insert_at, "end": insert_at}, "// 🔔 permissions 👩‍💻 — ✓\r\n\r\n")])
        line_start = position_at(document.text, document.text.index("  return settings.status"))
        version = session.edit(document, [({"start": line_start, "end": line_start}, "  const label = '🔔🔔é';\r\n")])
        before = document.text.index(BLIND_EXPRESSION)
        at = position_at(document.text, before)
        version = session.edit(document, [({"start": at, "end": at}, "label.length > 0 && '👍👍' !== label && ")])
        # Ranges the client sends count UTF-16 units too: delete one 👍 (two units) and widen a gap,
        # both after astral characters on the finding's line.
        version = session.edit(document, [(range_of(document.text, "👍", 1), "")])
        version = session.edit(document, [(range_of(document.text, "!== label"), "!==  label")])
        expected = range_of(document.text, BLIND_EXPRESSION)
        self.assertGreater(expected["start"]["character"],
                           len(document.text.splitlines()[expected["start"]["line"]].split("settings.status")[0]),
                           "the fixture must put astral characters before the finding on its line")
        diagnostics = await session.diagnostics(document.uri, version=version)
        self.assertEqual([(d.get("code"), d["range"]) for d in diagnostics], [("provisional-blind-check", expected)])
        # The command line agrees on the same text (its columns are UTF-16 too, 1-based).
        self.project.write("check/push.ts", document.text)
        finding = cli_findings(self.project.path("check/push.ts"), cwd=self.project.root)[0]
        self.assertEqual((finding["line"] - 1, finding["column"] - 1), (expected["start"]["line"], expected["start"]["character"]))
        await session.close()

    async def test_tsx_and_javascript_documents(self):
        for relative in ("deprecated-should-show-alert/App.tsx", "deprecated-should-show-alert/quietHoursHandler.js"):
            self.project.copy(f"rules/{relative}", relative)
        session = await self.start()
        for relative in ("deprecated-should-show-alert/App.tsx", "deprecated-should-show-alert/quietHoursHandler.js"):
            expected = sorted((f["rule"], f["line"] - 1, f["column"] - 1)
                              for f in cli_findings(self.project.path(relative), cwd=self.project.root))
            self.assertTrue(expected)
            document = session.open(relative)
            diagnostics = await session.diagnostics(document.uri, version=1)
            self.assertEqual(sorted((d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"])
                                    for d in diagnostics), expected, relative)
        await session.close()

    async def test_paths_with_spaces_and_non_ascii_letters(self):
        folder = "my app/Ünïcode src"
        self.project.write(f"{folder}/permissions.ts", WRAPPER)
        self.project.write(f"{folder}/screen.ts", SCREEN)
        # (`requested`: the check is live, so its level is the configured one.)
        self.project.write("my app/.granted-lint.json", json.dumps({"rules": {"provisional-blind-check": "warning"}, "provisional": "requested"}))
        session = await self.start(folders=[(self.project.uri("my app"), "my app")])
        document = session.open(f"{folder}/screen.ts")
        self.assertIn("%20", document.uri)
        diagnostics = await session.diagnostics(document.uri, version=1)
        self.assertEqual([(d["code"], d["severity"]) for d in diagnostics], [("provisional-blind-check", 2)],
                         "the import is followed to the file on disk and the folder's configuration applies")
        self.assertEqual([p["uri"] for p in session.publishes(document.uri)], [document.uri],
                         "published under the URI the client sent")
        await session.close()

    async def test_did_save_publishes_and_did_close_publishes_an_empty_list(self):
        self.project.write("src/handler.ts", HANDLER)
        session = await self.start()
        document = session.open("src/handler.ts")
        self.assertEqual(rule_ids(await session.diagnostics(document.uri, version=1)), ["deprecated-should-show-alert"])
        mark = session.mark()
        session.client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri)))
        self.assertEqual(rule_ids(await session.diagnostics(document.uri, since=mark)), ["deprecated-should-show-alert"])
        mark = session.mark()
        session.close_document(document)
        self.assertEqual(await session.diagnostics(document.uri, since=mark), [])
        await session.close()

    async def test_a_burst_of_edits_publishes_only_current_results_and_the_last_version(self):
        self.project.write("src/push.ts", CLEAN_CHECK)
        session = await self.start()
        document = session.open("src/push.ts")
        await session.diagnostics(document.uri, version=1)
        mark = session.mark()
        texts = {}
        for _ in range(30):  # alternate: even versions have the finding, odd ones do not
            if BLIND_EXPRESSION in document.text:
                version = session.replace(document, BLIND_EXPRESSION, CLEAN_EXPRESSION)
            else:
                version = session.replace(document, CLEAN_EXPRESSION, BLIND_EXPRESSION)
            texts[version] = document.text
        await session.diagnostics(document.uri, version=document.version, since=mark)
        published = session.publishes(document.uri, since=mark)
        versions = [p.get("version") for p in published]
        self.assertEqual(versions, sorted(set(versions)), "versions must only grow, each published once")
        for params in published:
            blind = BLIND_EXPRESSION in texts[params["version"]]
            self.assertEqual(rule_ids(params["diagnostics"]), ["provisional-blind-check"] if blind else [],
                             f"version {params['version']} was published with another version's findings")
        await session.close()


# --------------------------------------------------------------------------------------------------

class PullDiagnostics(ScenarioCase):
    async def test_document_diagnostic_answers_the_buffers_findings(self):
        self.project.write("src/handler.ts", HANDLER)
        session = await self.start(capabilities=client_capabilities(pull=True))
        document = session.open("src/handler.ts")
        version = session.edit(document, [(None, SEVERAL_FIXES)])  # unsaved: the disk still has HANDLER
        published = await session.diagnostics(document.uri, version=version)
        reply = await session.request(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri), identifier="granted-lint"))
        report = reply.raw["result"]
        self.assertEqual(report.get("kind"), "full")
        self.assertEqual(sorted(report["items"], key=sort_key), sorted(published, key=sort_key))
        self.assertEqual(rule_ids(report["items"]),
                         ["deprecated-should-show-alert", "numeric-authorization-status", "provisional-blind-check"])
        await session.close()

    async def test_workspace_diagnostic_covers_files_on_disk_that_are_not_open(self):
        app = self.project.copy("example-app", "app")
        report = json.loads(cli("--format", "json", ".", cwd=app).stdout)
        expected: dict[str, list[tuple[str, int]]] = {}
        for finding in report["findings"]:
            expected.setdefault(str((app / finding["path"]).resolve()), []).append((finding["rule"], finding["line"] - 1))
        session = await self.start(folders=[(app.as_uri(), "app")], capabilities=client_capabilities(pull=True))
        opened = session.open(f"app/{EXAMPLE_FILE}")
        await session.diagnostics(opened.uri, version=1)
        # In the buffer only: the first 'granted' check no longer compares with 'granted'.
        version = session.replace(opened, "existingStatus !== 'granted'", "existingStatus === undefined")
        await session.diagnostics(opened.uri, version=version)
        reply = await session.request(types.WORKSPACE_DIAGNOSTIC, types.WorkspaceDiagnosticParams(
            previous_result_ids=[], identifier="granted-lint"), timeout=max(TIMEOUT, 60))
        items = reply.raw["result"]["items"]
        by_path = {}
        for item in items:
            self.assertEqual(item.get("kind"), "full", f"a first pull has only full reports: {item.get('uri')}")
            by_path[str(uri_to_path(item["uri"]).resolve())] = item
        opened_path = str(uri_to_path(opened.uri).resolve())
        for path, findings in expected.items():
            self.assertIn(path, by_path, f"workspace/diagnostic has no report for {path}")
            item = by_path[path]
            have = sorted((d.get("code"), d["range"]["start"]["line"]) for d in item["items"])
            if path == opened_path:
                findings = [f for f in findings if f != ("provisional-blind-check", 25)]
                self.assertEqual(item.get("version"), version, "an open document's report has its version")
            else:
                self.assertIsNone(item.get("version"), f"a file that is not open has version null: {path}")
            self.assertEqual(have, sorted(findings), path)
        not_open = str((app / "src/notifications/pushStatus.ts").resolve())
        self.assertIn(not_open, expected, "the cross-file finding of a file that was never opened")
        for path, item in by_path.items():
            if path not in expected:
                self.assertEqual(item["items"], [], f"{path} has no findings on the command line")
        await session.close()


# --------------------------------------------------------------------------------------------------

class CodeActions(ScenarioCase):
    async def test_safe_quick_fix_is_preferred_and_its_edit_removes_the_finding(self):
        self.project.write("src/handler.ts", HANDLER)
        session = await self.start()
        document = session.open("src/handler.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        finding = diagnostics[0]
        actions = await self.code_actions(session, document, finding["range"], [finding])
        title = "Replace `shouldShowAlert` with `shouldShowBanner` and `shouldShowList`"
        fix = next((a for a in actions if a["title"] == title), None)
        self.assertIsNotNone(fix, f"no '{title}' among {[a['title'] for a in actions]}")
        self.assertEqual(fix["kind"], "quickfix")
        self.assertIs(fix.get("isPreferred"), True)
        if "diagnostics" in fix:
            self.assertEqual([d.get("code") for d in fix["diagnostics"]], ["deprecated-should-show-alert"])
        # The edit gives what `granted-lint --fix` writes for the same file.
        with tempfile.TemporaryDirectory() as scratch:
            copy = Path(scratch) / "handler.ts"
            copy.write_text(HANDLER)
            cli("--fix", str(copy), cwd=Path(scratch))
            fixed_by_cli = copy.read_text()
        self.assertEqual(apply_edits(document.text, fix["edit"]["changes"][document.uri]), fixed_by_cli)
        version = session.apply_workspace_edit(document, fix["edit"])
        self.assertEqual(await session.diagnostics(document.uri, version=version), [])
        self.assertEqual(self.project.read("src/handler.ts"), HANDLER, "the file on disk is unchanged")
        self.assert_no_apply_edit(session)
        await session.close()

    async def test_the_provisional_repair_is_a_quick_fix_that_clears_the_blind_checks(self):
        self.project.write("src/register.ts", COPIED_SNIPPET)
        session = await self.start()
        document = session.open("src/register.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        blind = [d for d in diagnostics if d.get("code") == "provisional-blind-check"]
        others = sorted(d.get("code") for d in diagnostics if d.get("code") != "provisional-blind-check")
        self.assertEqual(len(blind), 2, f"both comparisons of the snippet: {diagnostics}")
        self.assertTrue(blind[0]["data"]["fixable"], "the blind check says it has a fix")
        # The hover shows why and what to write instead.
        reply = await session.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri), position=types.Position(**blind[0]["range"]["start"])))
        value = reply.raw["result"]["contents"]["value"]
        self.assertIn("*note:* a provisionally authorized iOS device reads", value)
        self.assertIn("*help:* also accept `ios?.status === IosAuthorizationStatus.PROVISIONAL`", value)
        self.assertIn("*suggested fix*: Accept provisionally and ephemerally authorized devices", value)
        actions = await self.code_actions(session, document, blind[0]["range"], [blind[0]])
        repair = next((a for a in actions if a["title"] == REPAIR_TITLE), None)
        self.assertIsNotNone(repair, f"no '{REPAIR_TITLE}' among {[a['title'] for a in actions]}")
        self.assertEqual(repair["kind"], "quickfix")
        self.assertFalse(repair.get("isPreferred", False), "a suggestion is not preferred")
        # The edit is the one `granted-lint --fix-unsafe` would make for this finding: the deliverable test.
        repaired = apply_edits(document.text, repair["edit"]["changes"][document.uri])
        self.assertIn("ios: existingIos", repaired)
        self.assertIn("existingIos?.status === Notifications.IosAuthorizationStatus.PROVISIONAL", repaired)
        self.assertIn("IosAuthorizationStatus.EPHEMERAL", repaired)
        self.assertNotIn("!== 'granted'", repaired)
        # The request itself is left as it was (the repair changes what the checks decide, nothing else).
        self.assertIn("await Notifications.requestPermissionsAsync();", repaired)
        self.assertIn("missing-allow-provisional", others)
        # Applied in the editor: both blind checks are gone and request-when-denied stays;
        # missing-allow-provisional goes too, since provisional devices no longer reach the request
        # (the rule's provisional-aware exemption).
        version = session.apply_workspace_edit(document, repair["edit"])
        after = await session.diagnostics(document.uri, version=version)
        self.assertEqual([d for d in after if d.get("code") == "provisional-blind-check"], [], f"{after}")
        self.assertEqual(sorted(d.get("code") for d in after), [code for code in others if code != "missing-allow-provisional"])
        self.assertEqual(self.project.read("src/register.ts"), COPIED_SNIPPET, "the file on disk is unchanged")
        self.assert_no_apply_edit(session)
        await session.close()

    async def test_unsafe_quick_fixes_say_unsafe_and_are_not_preferred(self):
        self.project.write("src/contra.ts", CONTRADICTING_HANDLER)
        self.project.write("src/unsafe.ts", UNSAFE_HANDLER)
        session = await self.start()
        titles = {
            "src/contra.ts": "Remove `shouldShowAlert` (the new keys already decide; check they say what you mean) (unsafe)",
            "src/unsafe.ts": ("Replace `shouldShowAlert` with `shouldShowBanner` and `shouldShowList` (unsafe: the value is "
                              "written twice, so it runs twice; the object is part of a larger expression)"),
        }
        for relative, title in titles.items():
            document = session.open(relative)
            diagnostics = await session.diagnostics(document.uri, version=1)
            self.assertEqual(rule_ids(diagnostics), ["deprecated-should-show-alert"], relative)
            actions = await self.code_actions(session, document, diagnostics[0]["range"], diagnostics)
            fix = next((a for a in actions if a["title"] == title), None)
            self.assertIsNotNone(fix, f"{relative}: no '{title}' among {[a['title'] for a in actions]}")
            self.assertEqual(fix["kind"], "quickfix")
            self.assertFalse(fix.get("isPreferred", False), "an unsafe fix is not preferred")
            self.assertIn(document.uri, fix["edit"]["changes"])
        self.assert_no_apply_edit(session)
        await session.close()

    async def test_disable_for_this_line_inserts_a_comment_indented_like_the_line(self):
        self.project.write("src/spaces.ts", NESTED_BLIND)
        self.project.write("src/tabs.ts", NESTED_BLIND.replace("  ", "\t"))
        session = await self.start()
        for relative, indent in (("src/spaces.ts", "    "), ("src/tabs.ts", "\t\t")):
            document = session.open(relative)
            diagnostics = await session.diagnostics(document.uri, version=1)
            self.assertEqual(rule_ids(diagnostics), ["provisional-blind-check"])
            actions = await self.code_actions(session, document, diagnostics[0]["range"], diagnostics)
            title = "Disable provisional-blind-check for this line"
            disable = next((a for a in actions if a["title"] == title), None)
            self.assertIsNotNone(disable, f"no '{title}' among {[a['title'] for a in actions]}")
            self.assertEqual(disable["kind"], "quickfix")
            version = session.apply_workspace_edit(document, disable["edit"])
            lines = document.text.split("\n")
            at = lines.index(f"{indent}return status === 'granted';")
            self.assertEqual(lines[at - 1], f"{indent}// granted-lint-disable-next-line provisional-blind-check")
            self.assertEqual(document.text.count("\n"), NESTED_BLIND.count("\n") + 1, "exactly one line inserted")
            self.assertEqual(await session.diagnostics(document.uri, version=version), [],
                             "the finding is silenced and the suppression is used")
        self.assert_no_apply_edit(session)
        await session.close()

    async def test_every_finding_offers_disable_for_this_line(self):
        app = self.project.copy("example-app", "app")
        session = await self.start(folders=[(app.as_uri(), "app")])
        document = session.open(f"app/{EXAMPLE_FILE}")
        diagnostics = await session.diagnostics(document.uri, version=1)
        for diagnostic in diagnostics:
            actions = await self.code_actions(session, document, diagnostic["range"], [diagnostic])
            self.assertIn(f"Disable {diagnostic['code']} for this line", [a["title"] for a in actions])
        await session.close()

    async def test_remove_unused_suppression(self):
        self.project.write("src/suppressed.ts", UNUSED_SUPPRESSION)
        session = await self.start()
        document = session.open("src/suppressed.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        self.assertEqual(rule_ids(diagnostics), ["unused-suppression"])
        actions = await self.code_actions(session, document, diagnostics[0]["range"], diagnostics)
        remove = next((a for a in actions if a["title"] == "Remove unused suppression"), None)
        self.assertIsNotNone(remove, f"no 'Remove unused suppression' among {[a['title'] for a in actions]}")
        self.assertEqual(remove["kind"], "quickfix")
        self.assertIs(remove.get("isPreferred"), True)
        version = session.apply_workspace_edit(document, remove["edit"])
        self.assertNotIn("granted-lint-disable", document.text)
        self.assertEqual(document.text, UNUSED_SUPPRESSION.replace("  // granted-lint-disable-next-line provisional-blind-check\n", ""))
        self.assertEqual(await session.diagnostics(document.uri, version=version), [])
        await session.close()

    async def test_fix_all_with_only_source_fix_all_granted_lint(self):
        self.project.write("src/several.ts", SEVERAL_FIXES)
        self.project.write("src/blind.ts", NESTED_BLIND)
        session = await self.start()
        document = session.open("src/several.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        self.assertEqual(rule_ids(diagnostics),
                         ["deprecated-should-show-alert", "numeric-authorization-status", "provisional-blind-check"])
        whole = {"start": {"line": 0, "character": 0}, "end": position_at(document.text, len(document.text))}
        actions = await self.code_actions(session, document, whole, [], only=[FIX_ALL])
        self.assertEqual([(a["title"], a["kind"]) for a in actions], [("Fix all safe granted-lint problems", FIX_ALL)])
        quick_only = await self.code_actions(session, document, whole, diagnostics, only=["quickfix"])
        self.assertNotIn(FIX_ALL, [a["kind"] for a in quick_only], "only: [quickfix] must not return the fix-all action")
        self.assertTrue(quick_only, "only: [quickfix] returns the quick fixes")
        version = session.apply_workspace_edit(document, actions[0]["edit"])
        self.assertEqual(rule_ids(await session.diagnostics(document.uri, version=version)), ["provisional-blind-check"])
        # A document without safe fixes gets no fix-all action.
        blind = session.open("src/blind.ts")
        await session.diagnostics(blind.uri, version=1)
        whole = {"start": {"line": 0, "character": 0}, "end": position_at(blind.text, len(blind.text))}
        self.assertEqual(await self.code_actions(session, blind, whole, [], only=[FIX_ALL]), [])
        self.assert_no_apply_edit(session)
        await session.close()

    async def test_actions_follow_the_requested_range(self):
        self.project.write("src/handler.ts", HANDLER)
        session = await self.start()
        document = session.open("src/handler.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        # A client that sends no diagnostics in the context still gets the finding's quick fixes.
        titles = [a["title"] for a in await self.code_actions(session, document, diagnostics[0]["range"], [])]
        self.assertIn("Replace `shouldShowAlert` with `shouldShowBanner` and `shouldShowList`", titles)
        self.assertIn("Disable deprecated-should-show-alert for this line", titles)
        # A range with no finding under it gets no quick fix.
        clean = range_of(document.text, "shouldPlaySound: false")
        actions = await self.code_actions(session, document, clean, [])
        self.assertEqual([a for a in actions if a["kind"] == "quickfix"], [])
        await session.close()

    async def test_fix_all_applies_only_safe_fixes(self):
        self.project.write("src/mixed.ts", SAFE_AND_UNSAFE)
        self.project.write("src/unsafe.ts", UNSAFE_HANDLER)
        session = await self.start()
        mixed = session.open("src/mixed.ts")
        self.assertEqual(rule_ids(await session.diagnostics(mixed.uri, version=1)),
                         ["deprecated-should-show-alert", "numeric-authorization-status"])
        whole = {"start": {"line": 0, "character": 0}, "end": position_at(mixed.text, len(mixed.text))}
        actions = await self.code_actions(session, mixed, whole, [], only=[FIX_ALL])
        self.assertEqual([a["kind"] for a in actions], [FIX_ALL])
        version = session.apply_workspace_edit(mixed, actions[0]["edit"])
        self.assertIn("shouldShowAlert: isForeground()", mixed.text, "the unsafe fix is not part of fix-all")
        self.assertEqual(rule_ids(await session.diagnostics(mixed.uri, version=version)), ["deprecated-should-show-alert"])
        unsafe = session.open("src/unsafe.ts")
        await session.diagnostics(unsafe.uri, version=1)
        whole = {"start": {"line": 0, "character": 0}, "end": position_at(unsafe.text, len(unsafe.text))}
        self.assertEqual(await self.code_actions(session, unsafe, whole, [], only=[FIX_ALL]), [],
                         "a document with only an unsafe fix has no fix-all action")
        await session.close()

    async def test_code_actions_while_the_document_changes(self):
        # An editor asks for code actions as the cursor moves, while the user types: every request
        # is answered and the server stays up (the fix-all action lints the text on the request's
        # thread while the edits are linted on another).
        filler = "".join(f"export const setting{n} = {{ key: 'setting{n}', enabled: {n % 2 == 0} }};\n" for n in range(800))
        self.project.write("src/several.ts", SEVERAL_FIXES + filler)  # long enough for runs to overlap
        session = await self.start()
        document = session.open("src/several.ts")
        await session.diagnostics(document.uri, version=1)
        top = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
        pending = []
        for _ in range(100):
            try:
                session.edit(document, [(top, "//\n")])
            except RuntimeError:  # pygls: "Client has been stopped", the server is gone (reported below)
                break
            params = to_typed(session, {"textDocument": {"uri": document.uri},
                                        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}},
                                        "context": {"diagnostics": [], "triggerKind": 2}}, types.CodeActionParams)
            pending.append(asyncio.ensure_future(session.request(types.TEXT_DOCUMENT_CODE_ACTION, params, timeout=60)))
            await asyncio.sleep(0)  # lets the event loop write and read between edits, as an editor's would
        # Every answer, unless the server exits first (then requests sent after its end never resolve).
        exited = asyncio.ensure_future(session.process.wait())
        await asyncio.wait([asyncio.gather(*pending, return_exceptions=True), exited],
                           timeout=60, return_when=asyncio.FIRST_COMPLETED)
        for request in pending:
            if not request.done():
                request.cancel()
        outcomes = await asyncio.gather(*pending, return_exceptions=True)
        failures = [o for o in outcomes if isinstance(o, BaseException)]
        if failures or session.process.returncode is not None:
            cause = [line for line in session.stderr if "Assertion" in line or "Fatal error" in line or "crashed" in line]
            self.fail(f"{len(failures)} of {len(pending)} code-action requests failed ({failures[:1]!r}); server exit code "
                      f"{session.process.returncode}; stderr: {cause or session.stderr_tail(12)}")
        diagnostics = await session.diagnostics(document.uri, version=document.version)
        self.assertEqual(rule_ids(diagnostics),
                         ["deprecated-should-show-alert", "numeric-authorization-status", "provisional-blind-check"])
        await session.close()

    async def test_fix_all_without_only_is_resolved_lazily(self):
        # Editors ask for code actions on every cursor move, without `only`: fix-all (a lint loop)
        # is then offered without its edit, which `codeAction/resolve` computes when it is picked;
        # a client that cannot resolve edits is not offered it there.
        self.project.write("src/several.ts", SEVERAL_FIXES)
        capabilities = client_capabilities()
        capabilities["textDocument"]["codeAction"]["resolveSupport"] = {"properties": ["edit"]}
        session = await self.start(capabilities=capabilities)
        document = session.open("src/several.ts")
        await session.diagnostics(document.uri, version=1)
        whole = {"start": {"line": 0, "character": 0}, "end": position_at(document.text, len(document.text))}
        actions = [a for a in await self.code_actions(session, document, whole, []) if a["kind"] == FIX_ALL]
        self.assertEqual(len(actions), 1)
        self.assertNotIn("edit", actions[0], "fix-all is resolved lazily when `only` is not given")
        resolved = (await session.request(types.CODE_ACTION_RESOLVE, to_typed(session, actions[0], types.CodeAction))).raw["result"]
        self.assertEqual(resolved["title"], actions[0]["title"])
        version = session.apply_workspace_edit(document, resolved["edit"])
        self.assertEqual(rule_ids(await session.diagnostics(document.uri, version=version)), ["provisional-blind-check"])
        # Offered on an older version, it is not resolved against the new text.
        stale = [a for a in await self.code_actions(session, document, whole, []) if a["kind"] == FIX_ALL]
        self.assertEqual(stale, [], "no safe fix is left")
        session.edit(document, [({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "//\n")])
        self.assertEqual(await session.request_error(types.CODE_ACTION_RESOLVE, to_typed(session, actions[0], types.CodeAction)), -32801)
        await session.close()

        plain = await self.start()
        other = plain.open("src/several.ts")
        await plain.diagnostics(other.uri, version=1)
        self.assertNotIn(FIX_ALL, [a["kind"] for a in await self.code_actions(plain, other, whole, [])],
                         "a client without resolveSupport gets fix-all only when it asks for the kind")
        await plain.close()

    async def test_fix_all_is_found_under_the_parent_kind_source_fix_all(self):
        # LSP 3.17: kinds are hierarchical; VS Code's codeActionsOnSave {"source.fixAll": ...} asks this.
        self.project.write("src/handler.ts", HANDLER)
        session = await self.start()
        document = session.open("src/handler.ts")
        await session.diagnostics(document.uri, version=1)
        whole = {"start": {"line": 0, "character": 0}, "end": position_at(document.text, len(document.text))}
        actions = await self.code_actions(session, document, whole, [], only=["source.fixAll"])
        self.assertEqual([a["kind"] for a in actions], [FIX_ALL])
        await session.close()


# --------------------------------------------------------------------------------------------------

def hover_section(finding: dict[str, Any]) -> str:
    """What the hover says of a finding (as the JSON report gives it): the message, each note, the
    help line, the fix, then a link to the rule's page."""
    section = f"**granted-lint** `{finding['rule']}`: {finding['message']}"
    for note in finding["notes"]:
        section += f"\n\n*note:* {note}"
    if finding.get("help"):
        section += f"\n\n*help:* {finding['help']}"
    if finding.get("fix"):
        kind = "fix" if finding["fix"]["applicability"] == "safe" else "suggested fix"
        section += f"\n\n*{kind}*: {finding['fix']['title']}"
    return section + f"\n\n[Rule documentation]({finding['url']})"


class HoverAndCommands(ScenarioCase):
    async def test_hover_over_a_finding_shows_its_parts_and_the_docs_link(self):
        self.project.write("src/blind.ts", NESTED_BLIND)
        [finding] = cli_findings(self.project.root / "src/blind.ts", cwd=self.project.root)
        self.assertTrue(finding["notes"] and finding["help"], f"the finding has notes and help: {finding}")
        session = await self.start()
        document = session.open("src/blind.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        # The diagnostic is the message alone; the hover has the rest.
        self.assertEqual(diagnostics[0]["message"], finding["message"])
        middle = dict(diagnostics[0]["range"]["start"])
        middle["character"] += 5
        reply = await session.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri), position=types.Position(**middle)))
        hover = reply.raw["result"]
        self.assertIsNotNone(hover, "no hover over a finding")
        contents = hover["contents"]
        self.assertIsInstance(contents, dict, f"MarkupContent expected: {contents}")
        self.assertEqual(contents.get("kind"), "markdown")
        self.assertEqual(contents["value"], hover_section(finding))
        # Nothing here requests provisional authorization: the check is latent, and the hover says so.
        self.assertIn("\n\n*note:* latent: ", contents["value"])
        self.assertIn("\n\n*help:* ", contents["value"])
        self.assertRegex(contents["value"], r"\]\([^)\s]*docs/rules/provisional-blind-check\.md\)$",
                         "a Markdown link to the rule's page")
        self.assertEqual(hover.get("range"), diagnostics[0]["range"])
        # Elsewhere (the import line, white space): nothing.
        for position in ({"line": 0, "character": 3}, {"line": 1, "character": 0}):
            reply = await session.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=document.uri), position=types.Position(**position)))
            self.assertIsNone(reply.raw.get("result", "missing"), f"hover at {position}")
        await session.close()

    async def test_hover_says_what_a_provisional_device_lives_through_and_follows_edits(self):
        # docs/flows.md: the consequence note of a blind check inside a flow, in the hover, with
        # lines that follow the buffer as it is edited.
        self.project.copy("flows/copied-snippet/src/registerForPushNotificationsAsync.ts", "src/register.ts")
        session = await self.start()
        document = session.open("src/register.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        blind = [d for d in diagnostics if d.get("code") == "provisional-blind-check"]
        self.assertEqual(len(blind), 2, diagnostics)

        async def hover_at(diagnostic):
            reply = await session.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=document.uri), position=types.Position(**diagnostic["range"]["start"])))
            return reply.raw["result"]["contents"]["value"]

        value = await hover_at(blind[0])
        self.assertIn("on a provisionally authorized iPhone, `registerForPushNotificationsAsync` shows the full permission dialog (line 22)", value)
        self.assertIn("an authorized iPhone gets its push token at line 30", value)
        self.assertTrue(any("the full permission dialog shows" in r["message"] for r in blind[0].get("relatedInformation", [])))
        # A line typed above the flow moves every line the note names.
        version = session.edit(document, [({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "// registration\n")])
        diagnostics = await session.diagnostics(document.uri, version=version)
        blind = [d for d in diagnostics if d.get("code") == "provisional-blind-check"]
        value = await hover_at(blind[0])
        self.assertIn("shows the full permission dialog (line 23)", value)
        self.assertIn("an authorized iPhone gets its push token at line 31", value)
        await session.close()

    async def test_hover_where_two_findings_overlap_shows_both(self):
        app = self.project.copy("example-app", "app")
        session = await self.start(folders=[(app.as_uri(), "app")])
        document = session.open(f"app/{EXAMPLE_FILE}")
        diagnostics = await session.diagnostics(document.uri, version=1)
        request = [d for d in diagnostics if d["code"] in ("missing-allow-provisional", "request-when-denied")]
        self.assertEqual(len(request), 2)
        self.assertEqual(request[0]["range"], request[1]["range"])
        reply = await session.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri),
            position=types.Position(**request[0]["range"]["start"])))
        value = reply.raw["result"]["contents"]["value"]
        # Both findings in their parts, one section each, in the order the diagnostics have them.
        findings = {f["rule"]: f for f in cli_findings(app / EXAMPLE_FILE, cwd=app)
                    if f["rule"] in ("missing-allow-provisional", "request-when-denied")
                    and f["line"] == request[0]["range"]["start"]["line"] + 1}
        self.assertEqual(sorted(findings), ["missing-allow-provisional", "request-when-denied"])
        sections = value.split("\n\n---\n\n")
        self.assertEqual(sorted(sections), sorted(hover_section(f) for f in findings.values()), value)
        await session.close()

    async def test_explain_rule_returns_the_rules_page(self):
        session = await self.start()
        for rule in ("provisional-blind-check", "unused-suppression"):
            reply = await session.request(types.WORKSPACE_EXECUTE_COMMAND, types.ExecuteCommandParams(
                command="granted-lint.explainRule", arguments=[rule]))
            page = (PACKAGE_ROOT / "docs" / "rules" / f"{rule}.md").read_text()
            self.assertIsInstance(reply.raw.get("result"), str)
            self.assertEqual(reply.raw["result"].strip(), page.strip())
        await session.close()


# --------------------------------------------------------------------------------------------------

class Configuration(ScenarioCase):
    def watched(self, session: Session, relative: str, change: int) -> None:
        session.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=self.project.uri(relative), type=types.FileChangeType(change))]))

    async def test_configuration_sets_severity_and_a_watched_change_turns_a_rule_off(self):
        self.project.write(".granted-lint.json", json.dumps({"rules": {"provisional-blind-check": "warning"}, "provisional": "requested"}))
        self.project.write("src/several.ts", SEVERAL_FIXES)
        session = await self.start()
        document = session.open("src/several.ts")
        diagnostics = await session.diagnostics(document.uri, version=1)
        self.assertEqual(rule_ids(diagnostics),
                         ["deprecated-should-show-alert", "numeric-authorization-status", "provisional-blind-check"])
        self.assertEqual(next(d["severity"] for d in diagnostics if d["code"] == "provisional-blind-check"), 2)
        mark = session.mark()
        self.project.write(".granted-lint.json", json.dumps({"rules": {"deprecated-should-show-alert": "off"}, "provisional": "requested"}))
        self.watched(session, ".granted-lint.json", 2)
        diagnostics = await session.diagnostics(document.uri, since=mark)
        self.assertEqual(rule_ids(diagnostics), ["numeric-authorization-status", "provisional-blind-check"])
        self.assertEqual(next(d["severity"] for d in diagnostics if d["code"] == "provisional-blind-check"), 1)
        # Deleting the configuration brings the defaults back.
        mark = session.mark()
        self.project.path(".granted-lint.json").unlink()
        self.project.expected = self.project.snapshot()
        self.watched(session, ".granted-lint.json", 3)
        diagnostics = await session.diagnostics(document.uri, since=mark)
        self.assertEqual(rule_ids(diagnostics),
                         ["deprecated-should-show-alert", "numeric-authorization-status", "provisional-blind-check"])
        await session.close()

    async def test_a_new_nested_configuration_applies_below_its_directory(self):
        self.project.write("src/blind.ts", NESTED_BLIND)
        self.project.write("src/legacy/blind.ts", NESTED_BLIND)
        session = await self.start(capabilities=client_capabilities(pull=True))
        outer = session.open("src/blind.ts")
        inner = session.open("src/legacy/blind.ts")
        self.assertEqual(rule_ids(await session.diagnostics(outer.uri, version=1)), ["provisional-blind-check"])
        self.assertEqual(rule_ids(await session.diagnostics(inner.uri, version=1)), ["provisional-blind-check"])
        mark = session.mark()
        self.project.write("src/legacy/.granted-lint.json", json.dumps({"rules": {"provisional-blind-check": "off"}}))
        self.watched(session, "src/legacy/.granted-lint.json", 1)
        self.assertEqual(await session.diagnostics(inner.uri, since=mark), [])
        reply = await session.request(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=outer.uri)))
        self.assertEqual(rule_ids(reply.raw["result"]["items"]), ["provisional-blind-check"], "src/ keeps the defaults")
        await session.close()

    async def test_an_invalid_configuration_is_shown_published_and_the_last_good_one_stays(self):
        self.project.write(".granted-lint.json", json.dumps({"rules": {"deprecated-should-show-alert": "off"}}))
        self.project.write("src/several.ts", SEVERAL_FIXES)
        session = await self.start(capabilities=client_capabilities(pull=True))
        document = session.open("src/several.ts")
        good = ["numeric-authorization-status", "provisional-blind-check"]
        self.assertEqual(rule_ids(await session.diagnostics(document.uri, version=1)), good)
        config_uri = self.project.uri(".granted-lint.json")
        mark = session.mark()
        self.project.write(".granted-lint.json", '{"rules": {"deprecated-should-show-alert": "sometimes"}}\n')
        self.watched(session, ".granted-lint.json", 2)
        message = await session.wait_for("window/showMessage (error)", lambda: next(
            (m for m in session.notifications(types.WINDOW_SHOW_MESSAGE, mark) if m.get("type") == 1), None))
        self.assertTrue(message.get("message"), "the message says what is wrong")
        config_diagnostics = await session.diagnostics(config_uri, since=mark, where=lambda d: len(d) > 0)
        self.assertEqual(config_diagnostics[0].get("severity"), 1)
        self.assertEqual(config_diagnostics[0].get("source"), "granted-lint")
        reply = await session.request(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri)))
        self.assertEqual(rule_ids(reply.raw["result"]["items"]), good, "the last good configuration stays in force")
        for params in session.publishes(document.uri, mark):
            self.assertEqual(rule_ids(params["diagnostics"]), good)
        # Fixed again: the configuration file's diagnostic is cleared.
        mark = session.mark()
        self.project.write(".granted-lint.json", json.dumps({"rules": {"numeric-authorization-status": "off"}}))
        self.watched(session, ".granted-lint.json", 2)
        # (The invalid file's diagnostic may be published more than once, so a late copy can still
        # arrive after the mark; what counts is that it is cleared and stays cleared.)
        fixed = ["deprecated-should-show-alert", "provisional-blind-check"]
        await session.diagnostics(config_uri, since=mark, where=lambda d: d == [])
        await session.diagnostics(document.uri, since=mark, where=lambda d: rule_ids(d) == fixed)
        await session.request(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=document.uri)))  # a round trip: later publishes are in
        self.assertEqual(session.publishes(config_uri, mark)[-1]["diagnostics"], [])
        self.assertEqual(rule_ids(session.publishes(document.uri, mark)[-1]["diagnostics"]), fixed)
        await session.close()

    async def test_watching_is_registered_dynamically_when_the_client_supports_it(self):
        session = await self.start(capabilities=client_capabilities(watch_registration=True))
        request = await session.wait_for("client/registerCapability", lambda: next(iter(
            session.server_requests(types.CLIENT_REGISTER_CAPABILITY)), None))
        registrations = request["params"]["registrations"]
        watch = [r for r in registrations if r["method"] == "workspace/didChangeWatchedFiles"]
        self.assertEqual(len(watch), 1, f"registrations: {registrations}")
        patterns = [w["globPattern"] for w in watch[0]["registerOptions"]["watchers"]]
        self.assertIn("**/.granted-lint.json", patterns)
        # The client answered (pygls sends result null); the server keeps serving.
        await session.request(types.WORKSPACE_EXECUTE_COMMAND, types.ExecuteCommandParams(
            command="granted-lint.explainRule", arguments=["provisional-blind-check"]))
        await session.close()

    async def test_no_registration_when_the_client_cannot_register(self):
        session = await self.start(capabilities=client_capabilities(watch_registration=False))
        self.project.write("src/handler.ts", HANDLER)
        document = session.open("src/handler.ts")
        await session.diagnostics(document.uri, version=1)
        self.assertEqual(session.server_requests(types.CLIENT_REGISTER_CAPABILITY), [])
        await session.close()


# --------------------------------------------------------------------------------------------------

class CrossFile(ScenarioCase):
    async def test_an_unsaved_change_to_a_wrapper_relints_the_file_that_imports_it(self):
        self.project.write("src/permissions.ts", WRAPPER)
        self.project.write("src/screen.ts", SCREEN)
        on_disk = self.project.snapshot()
        session = await self.start()
        wrapper = session.open("src/permissions.ts")
        screen = session.open("src/screen.ts")
        self.assertEqual(await session.diagnostics(wrapper.uri, version=1), [])
        diagnostics = await session.diagnostics(screen.uri, version=1)
        self.assertEqual([(d["code"], d["range"]) for d in diagnostics],
                         [("provisional-blind-check", range_of(SCREEN, SCREEN_FINDING))])
        mark = session.mark()
        session.replace(wrapper, WRAPPER_RETURN, WRAPPER_WITHOUT_PERMISSION_DATA)
        self.assertEqual(await session.diagnostics(screen.uri, since=mark), [],
                         "screen.ts must be re-published without the finding")
        self.assertEqual(session.publishes(screen.uri, mark)[0].get("version"), 1)
        mark = session.mark()
        session.replace(wrapper, WRAPPER_WITHOUT_PERMISSION_DATA, WRAPPER_RETURN)
        self.assertEqual(rule_ids(await session.diagnostics(screen.uri, since=mark)), ["provisional-blind-check"])
        self.assertEqual(self.project.snapshot(), on_disk)
        await session.close()

    async def test_a_change_behind_a_re_export_relints_the_importer(self):
        self.project.write("src/notifications/permissions.ts", WRAPPER)
        self.project.write("src/notifications/index.ts", "export { getPermission } from './permissions';\n")
        self.project.write("src/screen.ts", SCREEN.replace("'./permissions'", "'./notifications'"))
        session = await self.start()
        wrapper = session.open("src/notifications/permissions.ts")
        screen = session.open("src/screen.ts")  # index.ts stays closed: read from disk
        self.assertEqual(rule_ids(await session.diagnostics(screen.uri, version=1)), ["provisional-blind-check"])
        mark = session.mark()
        session.replace(wrapper, WRAPPER_RETURN, WRAPPER_WITHOUT_PERMISSION_DATA)
        self.assertEqual(await session.diagnostics(screen.uri, since=mark), [])
        mark = session.mark()
        session.replace(wrapper, WRAPPER_WITHOUT_PERMISSION_DATA, WRAPPER_RETURN)
        self.assertEqual(rule_ids(await session.diagnostics(screen.uri, since=mark)), ["provisional-blind-check"])
        await session.close()

    async def test_a_wrapper_changed_on_disk_relints_the_open_importer(self):
        self.project.write("src/permissions.ts", WRAPPER)
        self.project.write("src/screen.ts", SCREEN)
        session = await self.start()
        screen = session.open("src/screen.ts")  # the wrapper is not open: read from disk
        self.assertEqual(rule_ids(await session.diagnostics(screen.uri, version=1)), ["provisional-blind-check"])
        mark = session.mark()
        self.project.write("src/permissions.ts", WRAPPER.replace(WRAPPER_RETURN, WRAPPER_WITHOUT_PERMISSION_DATA))
        session.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=self.project.uri("src/permissions.ts"), type=types.FileChangeType.Changed)]))
        self.assertEqual(await session.diagnostics(screen.uri, since=mark), [])
        await session.close()

    async def test_a_closed_wrapper_is_read_from_disk_again(self):
        self.project.write("src/permissions.ts", WRAPPER)
        self.project.write("src/screen.ts", SCREEN)
        session = await self.start()
        wrapper = session.open("src/permissions.ts")
        screen = session.open("src/screen.ts")
        await session.diagnostics(screen.uri, version=1)
        mark = session.mark()
        session.replace(wrapper, WRAPPER_RETURN, WRAPPER_WITHOUT_PERMISSION_DATA)
        self.assertEqual(await session.diagnostics(screen.uri, since=mark), [])
        # Closing the wrapper without saving: the disk (which returns permission data) counts again.
        mark = session.mark()
        session.close_document(wrapper)
        self.assertEqual(rule_ids(await session.diagnostics(screen.uri, since=mark, where=bool)),
                         ["provisional-blind-check"])
        await session.close()


# --------------------------------------------------------------------------------------------------

class Evidence(ScenarioCase):
    """Live or latent: a provisional-blind check is live when the folder requests provisional
    authorization anywhere (open or not), and flips as that request changes in a buffer."""

    QUIET = ("import * as Notifications from 'expo-notifications';\n"
             "export const askQuietly = () => Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } });\n")

    async def test_a_request_in_an_unopened_file_makes_the_check_live_and_an_edit_flips_it(self):
        self.project.write("package.json", json.dumps({"name": "evidence", "private": True}))
        self.project.write("src/push/quiet.ts", self.QUIET)
        self.project.write("src/blind.ts", NESTED_BLIND)
        session = await self.start()
        blind = session.open("src/blind.ts")
        diagnostics = await session.diagnostics(blind.uri, version=1)
        self.assertEqual([(d["code"], d["severity"]) for d in diagnostics], [("provisional-blind-check", 1)])
        # The message is about the code; the request that makes it live is a related location.
        self.assertEqual(diagnostics[0]["message"], "`status === 'granted'` rejects provisionally authorized iOS devices")
        quiet_uri = self.project.uri("src/push/quiet.ts")

        def requests(diagnostic: dict[str, Any]) -> list[tuple[str, int]]:
            return [(r["location"]["uri"], r["location"]["range"]["start"]["line"])
                    for r in diagnostic.get("relatedInformation", [])
                    if r["message"].startswith("provisional authorization is requested here")]

        async def hover_value(diagnostic: dict[str, Any]) -> str:
            reply = await session.request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=blind.uri),
                position=types.Position(**diagnostic["range"]["start"])))
            return reply.raw["result"]["contents"]["value"]

        self.assertEqual(requests(diagnostics[0]), [(quiet_uri, 1)], "the request is a related location in its own file")
        self.assertNotIn("*note:* latent:", await hover_value(diagnostics[0]))
        # The request turned into a full one, unsaved: the check becomes latent (one level lower).
        quiet = session.open("src/push/quiet.ts")
        await session.diagnostics(quiet.uri, version=1)
        mark = session.mark()
        session.edit(quiet, [(range_of(quiet.text, "allowProvisional: true"), "allowProvisional: false")])
        latent = await session.diagnostics(blind.uri, since=mark, where=lambda items: bool(items) and items[0]["severity"] == 2)
        self.assertEqual(latent[0]["message"], diagnostics[0]["message"], "the message stays the same")
        self.assertEqual(requests(latent[0]), [], "no request to relate")
        self.assertIn("\n\n*note:* latent: every permission request in this project says it is not provisional",
                      await hover_value(latent[0]))
        # And back.
        mark = session.mark()
        session.edit(quiet, [(range_of(quiet.text, "allowProvisional: false"), "allowProvisional: true")])
        live = await session.diagnostics(blind.uri, since=mark, where=lambda items: bool(items) and items[0]["severity"] == 1)
        self.assertEqual(requests(live[0]), [(quiet_uri, 1)])
        self.assertNotIn("*note:* latent:", await hover_value(live[0]))
        self.assertEqual(self.project.snapshot(), self.project.expected, "nothing was written")
        await session.close()


# --------------------------------------------------------------------------------------------------

class WorkspaceFolders(ScenarioCase):
    async def test_each_folder_has_its_own_configuration(self):
        self.project.write("strict/.granted-lint.json", json.dumps({"rules": {"missing-allow-provisional": "error"}}))
        self.project.write("relaxed/.granted-lint.json", json.dumps({"rules": {"missing-allow-provisional": "off"}}))
        self.project.write("strict/src/ask.ts", BARE_REQUEST)
        self.project.write("relaxed/src/ask.ts", BARE_REQUEST)
        session = await self.start(folders=[(self.project.uri("strict"), "strict"), (self.project.uri("relaxed"), "relaxed")])
        strict = session.open("strict/src/ask.ts")
        relaxed = session.open("relaxed/src/ask.ts")
        strict_diagnostics = await session.diagnostics(strict.uri, version=1)
        self.assertEqual(rule_ids(strict_diagnostics), ["missing-allow-provisional"])
        self.assertEqual(strict_diagnostics[0]["severity"], 1, "error, as strict/.granted-lint.json says (default: warning)")
        self.assertEqual(await session.diagnostics(relaxed.uri, version=1), [])
        # The command line agrees, file by file.
        for relative, diagnostics in (("strict/src/ask.ts", strict_diagnostics), ("relaxed/src/ask.ts", [])):
            folder = self.project.path(relative.split("/")[0])
            cli_rules = sorted(f["rule"] for f in cli_findings(folder / "src/ask.ts", cwd=folder))
            self.assertEqual(rule_ids(diagnostics), cli_rules, relative)
        await session.close()

    async def test_a_file_outside_every_folder_uses_the_configuration_above_it(self):
        self.project.write("workspace/.granted-lint.json", json.dumps({"provisional": "requested"}))
        self.project.write("workspace/src/blind.ts", NESTED_BLIND)
        self.project.write("elsewhere/.granted-lint.json", json.dumps({"rules": {"provisional-blind-check": "note"}, "provisional": "requested"}))
        self.project.write("elsewhere/src/blind.ts", NESTED_BLIND)
        session = await self.start(folders=[(self.project.uri("workspace"), "workspace")])
        inside = session.open("workspace/src/blind.ts")
        outside = session.open("elsewhere/src/blind.ts")
        self.assertEqual([d["severity"] for d in await session.diagnostics(inside.uri, version=1)], [1])
        self.assertEqual([d["severity"] for d in await session.diagnostics(outside.uri, version=1)], [3])
        await session.close()

    async def test_added_and_removed_folders_change_what_workspace_diagnostic_covers(self):
        self.project.write("one/src/blind.ts", NESTED_BLIND)
        self.project.write("two/src/handler.ts", HANDLER)
        one, two = self.project.path("one/src/blind.ts"), self.project.path("two/src/handler.ts")
        session = await self.start(folders=[(self.project.uri("one"), "one")], capabilities=client_capabilities(pull=True))

        async def covered() -> dict[str, list[str]]:
            reply = await session.request(types.WORKSPACE_DIAGNOSTIC, types.WorkspaceDiagnosticParams(previous_result_ids=[]))
            return {str(uri_to_path(item["uri"]).resolve()): rule_ids(item["items"]) for item in reply.raw["result"]["items"]}

        reports = await covered()
        self.assertEqual(reports.get(str(one)), ["provisional-blind-check"])
        self.assertNotIn(str(two), reports)
        session.client.workspace_did_change_workspace_folders(types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(added=[types.WorkspaceFolder(uri=self.project.uri("two"), name="two")],
                                                    removed=[])))
        reports = await covered()
        self.assertEqual(reports.get(str(one)), ["provisional-blind-check"])
        self.assertEqual(reports.get(str(two)), ["deprecated-should-show-alert"])
        session.client.workspace_did_change_workspace_folders(types.DidChangeWorkspaceFoldersParams(
            event=types.WorkspaceFoldersChangeEvent(added=[],
                                                    removed=[types.WorkspaceFolder(uri=self.project.uri("one"), name="one")])))
        reports = await covered()
        self.assertNotIn(str(one), reports)
        self.assertEqual(reports.get(str(two)), ["deprecated-should-show-alert"])
        await session.close()


# --------------------------------------------------------------------------------------------------

class BadInput(unittest.TestCase):
    """Raw JSON-RPC: what pygls would never send. Synchronous: the raw client blocks."""

    maxDiff = None

    def setUp(self) -> None:
        self.project = Project()
        self.project.write("src/blind.ts", NESTED_BLIND)
        self.servers: list[RawServer] = []

    def tearDown(self) -> None:
        for server in self.servers:
            server.stop()
        try:
            self.project.assert_untouched()
        finally:
            self.project.remove()

    def server(self, initialize: bool = True) -> RawServer:
        server = RawServer(self.project.root)
        self.servers.append(server)
        if initialize:
            server.initialize(self.project.root)
        return server

    def assert_error(self, response: dict[str, Any], *codes: int) -> None:
        self.assertIn("error", response, f"an error response expected: {response}")
        self.assertIn(response["error"].get("code"), codes, response)
        self.assertNotIn("result", response)

    def assert_serving(self, server: RawServer, within: float = TIMEOUT) -> None:
        """The server answers a request (the rule's page) within `within` seconds."""
        started = time.monotonic()
        response = server.call("workspace/executeCommand",
                               {"command": "granted-lint.explainRule", "arguments": ["provisional-blind-check"]},
                               timeout=within)
        self.assertIn("result", response, response)
        self.assertLess(time.monotonic() - started, within)

    def finish(self, server: RawServer) -> None:
        self.assertEqual(server.shutdown_and_exit(), 0)
        server.assert_clean_stdout()

    def test_a_body_that_is_not_json_gets_parse_error_with_id_null(self):
        server = self.server()
        server.send_bytes(RawServer.frame(b'{"jsonrpc": "2.0", "id": 77, "method": "textDocument/hover", "par'))
        response = server.wait_for("the parse error", lambda ms: next(
            (m for m in ms if "error" in m and m["error"].get("code") == -32700), None))
        self.assertIn("id", response)
        self.assertIsNone(response["id"])
        self.assert_serving(server)
        self.finish(server)

    def test_the_reader_resynchronises_after_a_short_content_length_and_garbage(self):
        server = self.server()
        body = json.dumps({"jsonrpc": "2.0", "id": 500, "method": "granted-lint/noSuchMethod"}).encode()
        server.send_bytes(b"Content-Length: %d\r\n\r\n" % (len(body) - 12) + body)
        self.assert_serving(server)
        server.send_bytes(b"\x00\xffgarbage between frames\r\nX-Nonsense: 1\r\n\r\n{}}}")
        self.assert_serving(server)
        server.send_bytes(b"Content-Length: 5\r\n\r\n{\"a\":")  # a truncated body, then more garbage
        server.send_bytes(b"\r\n\r\n\r\n")
        self.assert_serving(server)
        self.finish(server)

    def test_invalid_requests(self):
        server = self.server()
        for body in (b"[1, 2]", b'"hello"', b"42"):
            mark = server.mark()
            server.send_bytes(RawServer.frame(body))
            response = server.wait_for(f"an error for {body!r}", lambda ms: next((m for m in ms[mark:] if "error" in m), None))
            self.assert_error(response, -32600)
        server.send({"jsonrpc": "1.0", "id": 900, "method": "workspace/executeCommand",
                     "params": {"command": "granted-lint.explainRule", "arguments": ["provisional-blind-check"]}})
        self.assert_error(server.response(900), -32600)
        uri = self.project.uri("src/blind.ts")
        server.open(self.project.path("src/blind.ts"))
        self.assert_error(server.call("textDocument/hover", "not an object"), -32602, -32600)
        self.assert_error(server.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": "x"}}),
                          -32602, -32600)
        self.assert_serving(server)
        self.finish(server)

    def test_unknown_methods(self):
        server = self.server()
        self.assert_error(server.call("granted-lint/noSuchMethod", {}), -32601)
        self.assert_error(server.call("$/noSuchRequest", {}), -32601)
        mark = server.mark()
        server.notify("granted-lint/noSuchNotification", {"x": 1})
        server.notify("$/noSuchNotification", {"x": 1})
        server.notify("$/setTrace", {"value": "off"})
        self.assert_serving(server)
        extra = [m for m in server.messages[mark:] if "id" in m and m["id"] is None or "error" in m]
        self.assertEqual(extra, [], "notifications are never answered")
        self.finish(server)

    def test_requests_before_initialize_get_server_not_initialized(self):
        server = self.server(initialize=False)
        self.assert_error(server.call("textDocument/hover", {
            "textDocument": {"uri": self.project.uri("src/blind.ts")}, "position": {"line": 0, "character": 0}}), -32002)
        self.assert_error(server.call("workspace/diagnostic", {"previousResultIds": []}), -32002)
        blind = server.open(self.project.path("src/blind.ts"))  # a notification before initialize: dropped
        result = server.initialize(self.project.root)
        self.assertIn("capabilities", result)
        self.assert_serving(server)
        self.assertEqual([p for p in server.notifications("textDocument/publishDiagnostics") if p["uri"] == blind], [],
                         "LSP 3.17: notifications before initialize are dropped")
        self.finish(server)

    def test_unknown_document_uris(self):
        server = self.server()
        missing = self.project.uri("src/never-opened.ts")
        self.assert_error(server.call("textDocument/diagnostic", {"textDocument": {"uri": missing}}), -32602)
        self.assert_error(server.call("textDocument/hover", {"textDocument": {"uri": missing},
                                                             "position": {"line": 0, "character": 0}}), -32602)
        self.assert_error(server.call("textDocument/codeAction", {
            "textDocument": {"uri": missing}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}}), -32602)
        # In a notification: ignored.
        server.notify("textDocument/didChange", {"textDocument": {"uri": missing, "version": 2},
                                                 "contentChanges": [{"text": "x"}]})
        server.notify("textDocument/didClose", {"textDocument": {"uri": missing}})
        self.assert_serving(server)
        self.finish(server)

    def test_a_position_past_the_end_of_a_line_is_the_line_end(self):
        server = self.server()
        path = self.project.path("src/blind.ts")
        uri = server.open(path)
        first = server.published(uri, version=1)["diagnostics"]
        self.assertEqual(rule_ids(first), ["provisional-blind-check"])
        line = first[0]["range"]["start"]["line"]
        hover = server.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 400}})
        self.assertIn("result", hover, f"a position past the line's end is no error: {hover}")
        actions = server.call("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 999}},
            "context": {"diagnostics": first}})
        self.assertIn("Disable provisional-blind-check for this line", [a["title"] for a in actions.get("result") or []])
        # An insertion at character 999 of line 0 goes at the end of line 0.
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 999}, "end": {"line": 0, "character": 999}},
             "text": "\n// a line added at the end of line 0"}]})
        text = NESTED_BLIND.replace("\n", "\n// a line added at the end of line 0\n", 1)
        moved = server.published(uri, version=2)["diagnostics"]
        self.assertEqual([d["range"] for d in moved], [range_of(text, "status === 'granted'")])
        self.finish(server)

    def test_past_the_end_of_a_crlf_line_is_before_its_line_break(self):
        server = self.server()
        text = NESTED_BLIND.replace("\n", "\r\n")
        uri = self.project.uri("src/crlf.ts")
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "typescript", "version": 1, "text": text}})
        self.assertEqual([d["range"] for d in server.published(uri, version=1)["diagnostics"]],
                         [range_of(text, "status === 'granted'")])
        # Inserted at the end of line 0, before "\r\n": splitting the CRLF would make the lone "\r"
        # a line break of its own and move the finding one line further down.
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 999}, "end": {"line": 0, "character": 999}}, "text": " // end"}]})
        edited = text.replace("\r\n", " // end\r\n", 1)
        self.assertEqual([d["range"] for d in server.published(uri, version=2)["diagnostics"]],
                         [range_of(edited, "status === 'granted'")])
        self.finish(server)

    def test_ids_headers_and_utf8_bodies(self):
        server = self.server()
        explain = {"command": "granted-lint.explainRule", "arguments": ["provisional-blind-check"]}
        for msg_id in (0, "a string id", -7):
            server.send({"jsonrpc": "2.0", "id": msg_id, "method": "workspace/executeCommand", "params": explain})
            self.assertIn("result", server.response(msg_id), f"id {msg_id!r}")
        body = json.dumps({"jsonrpc": "2.0", "id": 31, "method": "workspace/executeCommand", "params": explain}).encode()
        server.send_bytes(b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" % len(body) + body)
        self.assertIn("result", server.response(31), "a Content-Type header is allowed")
        # Content-Length counts bytes: a body with unescaped multi-byte characters.
        text = "// 🔔 ünïcödé — 通知\n" + NESTED_BLIND
        uri = self.project.uri("src/unicode.ts")
        server.send_bytes(RawServer.frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "typescript", "version": 1, "text": text}}}, ensure_ascii=False).encode()))
        self.assertEqual([d["range"] for d in server.published(uri, version=1)["diagnostics"]],
                         [range_of(text, "status === 'granted'")])
        self.finish(server)

    def test_an_untitled_document_does_not_stop_the_server(self):
        server = self.server()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": "untitled:Untitled-1", "languageId": "typescript", "version": 1, "text": NESTED_BLIND}})
        server.notify("textDocument/didChange", {"textDocument": {"uri": "untitled:Untitled-1", "version": 2},
                                                 "contentChanges": [{"text": NESTED_BLIND + "\n"}]})
        self.assert_serving(server)
        self.assertIsNone(server.process.poll())
        self.finish(server)

    def test_a_document_over_the_size_limit_gets_no_findings_and_one_warning(self):
        server = self.server()
        block = "export async function check{n}() {{\n  const {{ status }} = await Notifications.getPermissionsAsync();\n" \
                "  return status === 'granted';\n}}\n"
        parts, size, n = ["import * as Notifications from 'expo-notifications';\n"], 0, 0
        while size < 10 * 1024 * 1024 + 512 * 1024:
            piece = block.format(n=n)
            parts.append(piece)
            size += len(piece)
            n += 1
        huge = "".join(parts)
        mark = server.mark()
        uri = self.project.uri("src/huge.ts")
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "typescript", "version": 1, "text": huge}})
        small = server.open(self.project.path("src/blind.ts"))
        self.assertEqual(rule_ids(server.published(small, version=1, since=mark, timeout=max(TIMEOUT, 30))["diagnostics"]),
                         ["provisional-blind-check"])
        self.assert_serving(server, within=5)
        published = server.published(uri, version=1, since=mark)
        self.assertEqual(published["diagnostics"], [])
        warnings = [m for m in server.notifications("window/showMessage", mark) if m.get("type") == 2]
        self.assertEqual(len(warnings), 1, f"window/showMessage warnings: {warnings}")
        self.assertIsNone(server.process.poll(), "the server is still running")
        self.finish(server)

    def test_requests_after_shutdown_are_invalid(self):
        server = self.server()
        self.assertIsNone(server.call("shutdown").get("result", "missing"))
        self.assert_error(server.call("textDocument/hover", {
            "textDocument": {"uri": self.project.uri("src/blind.ts")}, "position": {"line": 0, "character": 0}}), -32600)
        server.notify("exit")
        self.assertEqual(server.wait_exit(), 0)
        server.assert_clean_stdout()

    def test_cancelling_a_workspace_diagnostic(self):
        for copy in range(150):  # about 1,600 files, a twelfth of them with findings
            self.project.copy("example-app/src", f"packages/app{copy:03}/src")
        server = self.server()
        request = server.request("workspace/diagnostic", {"previousResultIds": []})
        server.notify("$/cancelRequest", {"id": request})
        response = server.response(request, timeout=max(TIMEOUT, 120))
        if "error" in response:
            self.assert_error(response, -32800)
        else:
            self.assertIn("items", response["result"])
        self.assert_serving(server)
        self.assertEqual(len(server.responses(request)), 1, "a cancelled request is answered exactly once")
        # A cancel for an id that is not pending changes nothing.
        server.notify("$/cancelRequest", {"id": 123456})
        self.assert_serving(server)
        self.finish(server)


if __name__ == "__main__":
    unittest.main()
