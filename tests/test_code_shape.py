"""No function in pnp/ is too long to read (issue 23): over 60 lines (a function's `def` to its
last line, as ast counts them) it is split into parts of one job each."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 60

# A function that must stay longer, with the reason why (none today).
ALLOWED: dict[tuple[str, str], str] = {}


def function_lengths(source: str) -> dict[str, int]:
    """Each function's qualified name (`Class.method`, `outer.inner`) and its length in lines."""
    found: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    found[name] = max(found.get(name, 0), child.end_lineno - child.lineno + 1)
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def long_functions() -> dict[tuple[str, str], int]:
    return {(path.relative_to(ROOT).as_posix(), name): n
            for path in sorted((ROOT / "pnp").rglob("*.py"))
            for name, n in function_lengths(path.read_text(encoding="utf-8")).items()
            if n > MOST_LINES}


def test_no_function_in_pnp_is_over_60_lines():
    found = long_functions()
    over = [f"{path} {name}: {n} lines" for (path, name), n in sorted(found.items())
            if (path, name) not in ALLOWED]
    assert not over, f"split these functions (at most {MOST_LINES} lines):\n" + "\n".join(over)
    stale = sorted(f"{path} {name}" for path, name in ALLOWED if (path, name) not in found)
    assert not stale, "no longer over the limit: take them off ALLOWED:\n" + "\n".join(stale)


def test_the_count_is_of_def_to_last_line_nested_functions_included():
    source = "def f():\n" + "    x = 1\n" * 60 + "\n\nclass C:\n    def m(self):\n" \
             "        def inner():\n" + "            y = 2\n" * 60 + "        return inner\n"
    assert function_lengths(source) == {"f": 61, "C.m": 63, "C.m.inner": 61}
