#!/usr/bin/env python3
"""Renders every ```mermaid block of Markdown files with Mermaid in headless Chromium, as GitHub does.

Run through scripts/mermaid-check.sh, which finds the browser and mermaid.min.js. Standard library only.

One page holds every diagram: it loads mermaid.min.js, calls mermaid.initialize({startOnLoad: false}),
then for each diagram `await mermaid.parse(text)` and `await mermaid.render(id, text)`, draws the SVG
into the page and writes what happened (ok: the SVG's size, its nodes, its drawn box; or Mermaid's
error) as JSON into the DOM, which `chromium --headless --dump-dom` prints. A virtual-time budget
lets the page's asynchronous work finish (virtual time runs ahead when the page is idle, so a large
budget costs nothing), and the page says when it is done: a dump without that mark is retried once,
then reported as a set-up failure.

Exit status: 0 when every diagram rendered to a non-empty SVG with at least one node; 1 when one did
not (each named by file, line and block number, with Mermaid's message); 2 when the check itself
could not run (no browser, no mermaid.min.js, a file that cannot be read, the browser failing).
"""

import argparse
import html
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile

DONE = "granted-lint-mermaid-done"
RESULTS_ID = "granted-lint-mermaid-results"


# The window's width, about that of GitHub's Markdown column: a wider diagram is scaled down to it,
# as there. The same for the check and the screenshots, so the diagrams' heights measured in the
# one give the others' sizes.
WIDTH = 1024
# Chromium draws a screenshot of at most 16384 pixels a side: a longer file gets several.
MOST = 16000

# Diagrams that draw no node of any kind: `info` shows Mermaid's version.
NODELESS = {"info"}


class SetupError(Exception):
    pass


# --- Markdown -------------------------------------------------------------------------------------

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
QUOTE = re.compile(r"^(?:[ \t]*>[ ]?)*")


def unquote(line):
    """How many blockquotes (`>`) the line is in, and the line without their markers."""
    markers = QUOTE.match(line)[0]
    return markers.count(">"), line[len(markers):] if markers.count(">") else line


def mermaid_blocks(path, text):
    """Every fenced code block whose info string's first word is `mermaid` (as GitHub renders them),
    with the line of its opening fence, in list items and blockquotes too. Other fenced blocks are
    skipped whole, so a ```mermaid shown inside a ````markdown example is not taken for a diagram.
    A block left open runs to the end of its blockquote or of the file, as in CommonMark."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        depth, line = unquote(lines[i])
        opening = FENCE.match(line)
        if not opening or (opening["fence"][0] == "`" and "`" in opening["info"]):
            i += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"].expandtabs(4))
        words = opening["info"].split()
        language = words[0].lower() if words else ""
        start, body = i + 1, []
        i += 1
        while i < len(lines):
            inner_depth, line = unquote(lines[i])
            if inner_depth < depth:
                i -= 1  # the blockquote ended, and the block with it: that line is read again
                break
            closing = re.match(r"^[ \t]*(`+|~+)[ \t]*$", line)
            if closing and closing[1][0] == fence[0] and len(closing[1]) >= len(fence):
                break
            # A fence indented by N spaces has up to N spaces of its content's indentation removed.
            removable = len(line) - len(line.lstrip(" "))
            body.append(line[min(indent, removable):])
            i += 1
        i += 1
        if language == "mermaid":
            blocks.append({"file": str(path), "line": start, "text": "\n".join(body) + "\n"})
    return blocks


# --- The page -------------------------------------------------------------------------------------

PAGE = """<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>Mermaid check</title>
<style>
  body { font-family: -apple-system, "Segoe UI", "Liberation Sans", Arial, sans-serif; margin: 16px; background: #fff; color: #1f2328; }
  section.file { padding-bottom: 8px; }
  h1 { font-size: 18px; border-bottom: 1px solid #d1d9e0; padding-bottom: 4px; }
  h2 { font-size: 14px; color: #59636e; margin: 16px 0 4px; }
  .diagram { border: 1px solid #d1d9e0; border-radius: 6px; padding: 8px; overflow: auto; }
  .error { color: #d1242f; white-space: pre-wrap; font-family: monospace; }
  #%(results)s { display: none; }
</style>
</head>
<body>
<div id="sections"></div>
<pre id="%(results)s"></pre>
<script type="application/json" id="granted-lint-mermaid-input">%(input)s</script>
<!-- UTF-8 whatever the file says: Mermaid's entity codes (#quot;) pass through non-ASCII marks. -->
<script charset="utf-8" src="%(mermaid)s"></script>
<script>
(async () => {
  const input = JSON.parse(document.getElementById("granted-lint-mermaid-input").textContent);
  const output = document.getElementById("%(results)s");
  const report = { results: [], fatal: null };
  const finish = () => {
    output.textContent = JSON.stringify(report);
    document.body.setAttribute("data-%(done)s", "1");
  };
  if (typeof mermaid === "undefined") {
    report.fatal = "mermaid.min.js did not load (%(mermaid)s)";
    return finish();
  }
  try {
    mermaid.initialize({ startOnLoad: false });
  } catch (error) {
    report.fatal = "mermaid.initialize failed: " + (error && error.message || error);
    return finish();
  }
  // What counts as a node: the shapes that stand for things in each kind of diagram.
  const NODES = [
    "g.node", ".node", "g.actor", "rect.actor", ".actor-man", "rect.task", ".pieCircle",
    ".commit", ".mindmap-node", ".entityBox", ".label-container", ".section", ".timeline-node",
    ".data-point", ".architecture-service", ".packetBlock", ".kanban-item", ".radarCurve",
    ".treemapNode", "g.note", "rect.note", "g.person-man", "g.plot rect, g.plot path",
    "[class^=radarCurve]",
  ];
  const SHAPES = "rect, circle, ellipse, polygon, path, line, polyline, text, foreignObject";
  const sections = document.getElementById("sections");
  const sectionOf = {};
  for (let index = 0; index < input.length; index++) {
    const diagram = input[index];
    let section = sectionOf[diagram.file];
    if (!section) {
      section = sectionOf[diagram.file] = document.createElement("section");
      section.className = "file";
      section.dataset.file = diagram.file;
      const heading = document.createElement("h1");
      heading.textContent = diagram.file;
      section.appendChild(heading);
      sections.appendChild(section);
    }
    const heading = document.createElement("h2");
    heading.textContent = "block " + diagram.block + ", line " + diagram.line;
    section.appendChild(heading);
    const box = document.createElement("div");
    box.className = "diagram";
    section.appendChild(box);
    const result = { index };
    const id = "granted-lint-mermaid-" + index;
    try {
      const parsed = await mermaid.parse(diagram.text);
      result.type = parsed && parsed.diagramType;
      const rendered = await mermaid.render(id, diagram.text);
      result.type = rendered.diagramType || result.type;
      box.innerHTML = rendered.svg;
      const svg = box.querySelector("svg");
      result.svgBytes = rendered.svg.length;
      if (svg) {
        // The first kind of node the diagram has, so a node is not counted again for its parts.
        result.nodes = 0;
        for (const selector of NODES) {
          result.nodes = svg.querySelectorAll(selector).length;
          if (result.nodes) break;
        }
        result.shapes = [...svg.querySelectorAll(SHAPES)].filter(e => !e.closest("defs, marker")).length;
        const bbox = svg.getBBox();
        result.width = Math.round(bbox.width);
        result.height = Math.round(bbox.height);
      }
      result.status = "ok";
    } catch (error) {
      result.status = "error";
      result.message = String(error && (error.message || error.str) || error);
      const message = document.createElement("div");
      message.className = "error";
      message.textContent = result.message;
      box.replaceChildren(message);
    }
    // What a failed render leaves behind in the body.
    for (const stray of document.querySelectorAll("#d" + id + ", #" + id)) {
      if (!box.contains(stray)) stray.remove();
    }
    // Where it sits in the page, for cutting the screenshots (the same width there).
    result.span = Math.ceil(box.getBoundingClientRect().bottom - heading.getBoundingClientRect().top);
    report.results.push(result);
  }
  finish();
})().catch(error => {
  document.getElementById("%(results)s").textContent =
    JSON.stringify({ results: [], fatal: "the page failed: " + (error && error.stack || error) });
  document.body.setAttribute("data-%(done)s", "1");
});
window.addEventListener("error", event => {
  if (!document.body.hasAttribute("data-%(done)s")) {
    document.getElementById("%(results)s").textContent =
      JSON.stringify({ results: [], fatal: "script error: " + event.message });
  }
});
</script>
</body>
</html>
"""


def page(diagrams, mermaid_js):
    data = json.dumps(diagrams)
    # Nothing inside the JSON may end the <script> element or open a comment there.
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return PAGE % {
        "input": data,
        "mermaid": html.escape(pathlib.Path(mermaid_js).resolve().as_uri(), quote=True),
        "results": RESULTS_ID,
        "done": DONE,
    }


# --- The browser ----------------------------------------------------------------------------------


def run_browser(browser, arguments, timeout, profile):
    """(stdout or None, stderr, what went wrong or None)."""
    command = [
        browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
        "--user-data-dir=" + profile, *arguments,
    ]
    # A session of its own, so that a timeout stops the browser's helper processes too.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        return None, stderr.decode(errors="replace"), "stopped after %d s" % timeout
    stderr = stderr.decode(errors="replace")
    if process.returncode != 0:
        return None, stderr, "the browser exited with status %d" % process.returncode
    return stdout.decode(errors="replace"), stderr, None


def last_words(stderr):
    # Chromium complains about D-Bus in a container; that is never the reason.
    lines = [line for line in stderr.splitlines() if "dbus" not in line.lower() and line.strip()]
    return "\n".join(lines)[-2000:] or "(nothing on stderr)"


def dump(browser, page_path, budget, timeout, work):
    """The page's report, from the DOM once the page says it is done: one retry with a larger
    budget (a loaded machine, a crash), none after a timeout; then a SetupError."""
    attempts = []
    for milliseconds in (budget, budget * 4):
        profile = tempfile.mkdtemp(prefix="profile-", dir=work)
        stdout, stderr, problem = run_browser(
            browser, ["--virtual-time-budget=%d" % milliseconds, "--window-size=%d,800" % WIDTH,
                      "--dump-dom", page_path.as_uri()],
            timeout, profile)
        shutil.rmtree(profile, ignore_errors=True)
        if stdout is not None:
            found = re.search(r'<pre id="%s">(.*?)</pre>' % RESULTS_ID, stdout, re.S)
            if found and ("data-" + DONE) in stdout:
                return json.loads(html.unescape(found[1]))
            problem = "the page did not finish"
        attempts.append("budget %d ms: %s" % (milliseconds, problem))
        if problem.startswith("stopped"):
            break
    raise SetupError("%s gave no results (%s); its last words:\n%s" % (browser, "; ".join(attempts), last_words(stderr)))


# --- Main -----------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(
        description="Checks that every ```mermaid block of Markdown files renders with Mermaid in headless Chromium.")
    parser.add_argument("files", nargs="+", metavar="FILE.md")
    parser.add_argument("--browser", required=True, help="Chromium or Chrome")
    parser.add_argument("--mermaid-js", required=True, help="mermaid.min.js")
    parser.add_argument("--screenshot", metavar="DIR", help="also save a PNG of each file's diagrams in DIR")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--budget", type=int, default=60000, help="virtual time for the page, ms (%(default)s)")
    parser.add_argument("--timeout", type=int, default=120, help="real time for one browser run, s (%(default)s)")
    parser.add_argument("--keep", metavar="DIR", help="write the page into DIR and keep it")
    options = parser.parse_args()

    try:
        js = pathlib.Path(options.mermaid_js)
        if not js.is_file():
            raise SetupError("no mermaid.min.js at %s" % js)
        version = re.search(rb'version:"(\d+\.\d+\.\d+)"', js.read_bytes())
        version = version[1].decode() if version else "?"
        diagrams = []
        for name in options.files:
            try:
                text = pathlib.Path(name).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise SetupError("cannot read %s: %s" % (name, error))
            blocks = mermaid_blocks(name, text)
            if not blocks:
                print("mermaid-check: %s: no ```mermaid block" % name, file=sys.stderr)
            for number, block in enumerate(blocks, 1):
                block["block"] = number
                diagrams.append(block)
        if not diagrams:
            print(json.dumps({"mermaid": version, "results": []}) if options.json else "mermaid-check: no diagram to check")
            return 0

        work = tempfile.mkdtemp(prefix="mermaid-check-")
        try:
            directory = pathlib.Path(options.keep or work).resolve()
            directory.mkdir(parents=True, exist_ok=True)
            page_path = directory / "mermaid-check.html"
            page_path.write_text(page(diagrams, js), encoding="utf-8")
            report = dump(options.browser, page_path, options.budget, options.timeout, work)
            if report.get("fatal"):
                raise SetupError(report["fatal"])
            if len(report["results"]) != len(diagrams):
                raise SetupError("the page reported %d diagrams of %d" % (len(report["results"]), len(diagrams)))
            if options.screenshot:
                screenshots(options, diagrams, report, js, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    except SetupError as error:
        print("mermaid-check: error: %s" % error, file=sys.stderr)
        return 2

    failures = 0
    for diagram, result in zip(diagrams, report["results"]):
        where = "%s:%d: block %d" % (diagram["file"], diagram["line"], diagram["block"])
        result.update(file=diagram["file"], line=diagram["line"], block=diagram["block"])
        problem = None
        if result["status"] != "ok":
            problem = (result.get("message") or "failed").strip()
            # Mermaid counts the diagram's own lines: say which line of the file that is.
            line = re.search(r"on line (\d+)", problem)
            if line:
                problem = "(file line %d) %s" % (diagram["line"] + int(line[1]), problem)
        elif not result.get("svgBytes") or not result.get("shapes"):
            problem = "an empty SVG"
        elif not result.get("nodes") and result.get("type") not in NODELESS:
            problem = "an SVG without a node (%s, %d shapes)" % (result.get("type"), result.get("shapes", 0))
        elif not result.get("width") or not result.get("height"):
            problem = "an SVG with nothing drawn (%dx%d)" % (result.get("width", 0), result.get("height", 0))
        if problem:
            failures += 1
            result["ok"] = False
            result["problem"] = problem
            if not options.json:
                print("%s: FAILED: %s" % (where, problem.replace("\n", "\n    ")))
        else:
            result["ok"] = True
            if not options.json:
                print("%s: ok (%s, %d nodes, %d-byte SVG, %dx%d)" % (
                    where, result.get("type"), result["nodes"], result["svgBytes"], result["width"], result["height"]))
    if options.json:
        print(json.dumps({"mermaid": version, "results": report["results"]}, indent=1))
    else:
        print("mermaid-check: %d of %d diagrams rendered (Mermaid %s, %d file%s)%s" % (
            len(diagrams) - failures, len(diagrams), version, len(options.files), "s"[:len(options.files) > 1],
            "" if not failures else "; %d failed" % failures))
    return 1 if failures else 0


def screenshots(options, diagrams, report, js, work):
    """A PNG of each file's diagrams (or of each part of them, for a long file) in the directory."""
    directory = pathlib.Path(options.screenshot)
    directory.mkdir(parents=True, exist_ok=True)
    files = list(dict.fromkeys(d["file"] for d in diagrams))
    spans = {id(d): r.get("span", 400) + 24 for d, r in zip(diagrams, report["results"])}
    made = 0
    for name in files:
        parts = [[]]
        for diagram in (d for d in diagrams if d["file"] == name):
            if parts[-1] and 100 + sum(spans[id(d)] for d in parts[-1]) + spans[id(diagram)] > MOST:
                parts.append([])
            parts[-1].append(diagram)
        stem = re.sub(r"[^A-Za-z0-9._-]+", "_", name.strip("./")) or "diagrams"
        for number, part in enumerate(parts, 1):
            made += 1
            height = min(100 + sum(spans[id(d)] for d in part), 16384)
            page_path = pathlib.Path(work) / ("screenshot-%d.html" % made)
            page_path.write_text(page(part, js), encoding="utf-8")
            png = (directory / (stem + ("" if len(parts) == 1 else "-%d" % number) + ".png")).resolve()
            profile = tempfile.mkdtemp(prefix="profile-", dir=work)
            stdout, stderr, problem = run_browser(
                options.browser,
                ["--virtual-time-budget=%d" % options.budget, "--window-size=%d,%d" % (WIDTH, height),
                 "--screenshot=" + str(png), page_path.as_uri()],
                options.timeout, profile)
            if stdout is None or not png.is_file():
                raise SetupError("no screenshot of %s (%s): %s" % (name, problem or "no file", last_words(stderr)))
            print("mermaid-check: %s: blocks %d-%d: %s (%dx%d)" % (
                name, part[0]["block"], part[-1]["block"], png, WIDTH, height), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
