"""The examples in the docstrings (the extension's and the stub's) run and say what they show."""

import ast
import doctest
import inspect
from pathlib import Path

import nakade


def run_examples(docs):
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for name, text in docs:
        test = parser.get_doctest(text, {"nakade": nakade}, name, None, 0)
        runner.run(test)
    return runner.summarize(verbose=False)


def runtime_docs():
    out = [("nakade", nakade.__doc__)]
    for name in nakade.__all__:
        obj = getattr(nakade, name)
        if getattr(obj, "__doc__", None):
            out.append((name, obj.__doc__))
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                doc = getattr(member, "__doc__", None)
                if doc and ">>>" in doc:
                    out.append((f"{name}.{attr}", doc))
    return out


def stub_docs():
    path = Path(nakade.__file__).with_name("__init__.pyi")
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)):
            doc = ast.get_docstring(node)
            if doc and ">>>" in doc:
                out.append((getattr(node, "name", "stub"), doc))
    return out


def test_runtime_docstring_examples():
    result = run_examples(runtime_docs())
    assert result.failed == 0
    assert result.attempted >= 20


def test_stub_docstring_examples():
    result = run_examples(stub_docs())
    assert result.failed == 0
    assert result.attempted >= 15
