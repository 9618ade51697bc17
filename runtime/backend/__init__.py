"""The back end: what turns a ruleset's IR into the program the interpreter runs. `program.Program`
compiles the IR (`codegen`: generated Python; `generated_module`: the module it is written as;
`build_record`: a start replaying the last build; `priorities`: the AI's priority lists; `locality`:
what a rule reads of the board), and `schema` writes the IR schema from the runtime's registry.

The core (runtime/core/) never imports this package: the engine is given a program, typed by the
interface the core owns (`core/compiled.py`, `CompiledRules`), which `Program` implements."""
