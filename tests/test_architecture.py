"""The house's shape: no import cycle anywhere in src/, and the layers of
pyproject.toml (checked by ``lint-imports`` in ``make test``) hold here too."""

from __future__ import annotations

import grimp
import networkx as nx


def test_no_import_cycle_in_src() -> None:
    # Imports inside functions count: a lazy import that closes a cycle is still one.
    # Type-only imports (under TYPE_CHECKING) do not run, so they cannot close a cycle.
    graph = grimp.build_graph("gadshill", exclude_type_checking_imports=True)
    edges = nx.DiGraph()
    for module in graph.modules:
        edges.add_node(module)
        for imported in graph.find_modules_directly_imported_by(module):
            edges.add_edge(module, imported)
    # a package's __init__ importing its own submodules is not a cycle of design
    for module in list(edges):
        for imported in list(edges.successors(module)):
            if imported.startswith(module + "."):
                edges.remove_edge(module, imported)
    cycles = [sorted(c) for c in nx.strongly_connected_components(edges) if len(c) > 1]
    assert not cycles, f"import cycles: {cycles}"
