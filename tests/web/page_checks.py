"""The legibility rules of the table page (issue 17), measured in a real browser.

Each check is a script run in the page by Selenium; it answers a list of offences
(empty when the page keeps the rule), so a failing test names what is wrong:

- ``small_text``: every rendered text node a player reads (HTML, and SVG ``<text>`` at
  its rendered size: font-size x the picture's scale) is at least 12 CSS px;
- ``low_contrast``: every text's colour against what is behind it meets WCAG AA
  (4.5:1, 3:1 for large text): for HTML the first opaque background of its ancestors,
  for SVG text the fill of the last shape painted under its centre;
- ``small_tap_targets``: every control (buttons, links, inputs, summaries, cards,
  focusable pieces) is at least 44 x 44 CSS px (WCAG 2.5.5), except pieces of the board
  picture, whose equivalents are the move bar's buttons (WCAG's "equivalent" exception);
- ``axe_findings``: axe-core (npm, pinned in package.json, installed by ``make axe``)
  injected into the page finds no serious or critical violation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: the checks' script, injected into the page once
CHECKS = Path(__file__).with_name("page_checks.js")

AXE_RUN = r"""
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then((result) => done(
  result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ` +
      v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(" | "))
)).catch((err) => done([`axe failed: ${err}`]));
"""


def _check(driver: Any, name: str) -> list[str]:
    if not driver.execute_script("return typeof window.gadshillChecks !== 'undefined'"):
        driver.execute_script(CHECKS.read_text(encoding="utf-8"))
    found: list[str] = driver.execute_script(f"return window.gadshillChecks.{name}()")
    return found


def small_text(driver: Any) -> list[str]:
    return _check(driver, "smallText")


def low_contrast(driver: Any) -> list[str]:
    return _check(driver, "lowContrast")


def small_tap_targets(driver: Any) -> list[str]:
    return _check(driver, "smallTapTargets")


def axe_missing() -> str | None:
    """Why axe-core cannot run (None when it can)."""
    if AXE.exists():
        return None
    return (
        "axe-core check skipped: node_modules/axe-core is not installed"
        " (make axe: npm ci, with npm from the distribution)"
    )


def axe_findings(driver: Any) -> list[str]:
    driver.set_script_timeout(60)
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    found: list[str] = driver.execute_async_script(AXE_RUN)
    return found
