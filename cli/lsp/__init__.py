"""`twilight lsp`: a language server for rule files (.tsr) over stdio (docs/editors.md).

analysis.py compiles the ruleset an open file belongs to, with the editor's unsaved texts, and keeps
its name tables (compiler/symbols.py); convert.py turns positions and diagnostics into the protocol's;
describe.py says what a name is (hover, completion); editing.py answers completion, the outline and
formatting; server.py wires them to pygls.
"""
