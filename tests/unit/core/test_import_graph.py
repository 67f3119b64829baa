"""No module of the package reaches itself through its imports.

Every import counts: those inside functions and under ``TYPE_CHECKING`` too, as grimp
records them. The layers contract in ``pyproject.toml`` says which way imports run between
layers; this test also covers imports inside one layer.
"""

import grimp


def cycle_imports(graph: grimp.ImportGraph) -> list[str]:
    """Each direct import ``a -> b`` whose target leads back to ``a``, with that way back."""
    found = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                found.append(f"{importer} -> {' -> '.join(back)}")
    return found


def test_the_package_has_no_import_cycle() -> None:
    graph = grimp.build_graph("memory_plugins", cache_dir=None)
    cycles = cycle_imports(graph)
    assert cycles == [], "\n".join(cycles)


def test_every_import_on_a_cycle_is_named_with_its_way_back() -> None:
    graph = grimp.ImportGraph()
    for name in ("pkg", "pkg.model", "pkg.index", "pkg.features", "pkg.top"):
        graph.add_module(name)
    graph.add_import(importer="pkg.top", imported="pkg.index")
    graph.add_import(importer="pkg.index", imported="pkg.features")
    graph.add_import(importer="pkg.features", imported="pkg.model")
    assert cycle_imports(graph) == []
    graph.add_import(importer="pkg.model", imported="pkg.index")  # the model needs the index
    assert cycle_imports(graph) == [
        "pkg.features -> pkg.model -> pkg.index -> pkg.features",
        "pkg.index -> pkg.features -> pkg.model -> pkg.index",
        "pkg.model -> pkg.index -> pkg.features -> pkg.model",
    ]
