"""The C module of a ruleset's native evaluation, put together: the support code, the ruleset's map as
tables, the native twins of the board's primitives, the functions the emitter wrote, the filters Python
calls, and the module's start (`init`, handed the names and the Python callables)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from twilight.runtime.backend.native.emit import Emitter, Scope, Unsupported, element_type, plain_type


@dataclass
class Filter:
    """A candidate filter written natively: the C function Python calls as `f(frame, domain[, passed])`."""

    cname: str
    c_text: str


def support_text() -> str:
    return resources.files("twilight.runtime.backend.native").joinpath("support.h").read_text("utf-8")


def filter_function(
    emitter: Emitter,
    number: int,
    groups: tuple[list[Any], list[Any], list[Any]],
    target: str,
    target_kind: str,
    frame_kinds: dict[str, str],
    shares_requires: bool,
) -> Filter:
    """`f(frame, domain[, passed])`: the items of the domain for which every condition of the three
    groups holds, in order: `groups` are the option's cheap conditions, the list's `require`s and its
    other conditions, asked in that order as the Python filter asks them (codegen.option_filter). With
    `shares_requires`, what the `require`s say of an item is read from and written to `passed`, which
    every option of one pick shares. The conditions that do not read the item are asked once, before any
    item (none when the domain is empty). `number`: its place among the module's filters (its fallback's)."""
    if target_kind != "country":
        raise Unsupported(f"a filter of {target_kind}")
    scope = Scope({}, frame=True, frame_kinds=frame_kinds)
    item_scope = scope.binding(target, target_kind)
    local = item_scope.local(target)
    outside: list[str] = []
    tests: list[str] = []
    for conditions in groups:
        parts = _conjuncts(conditions)
        outside += [emitter.truth(p, scope) for p in parts if not _mentions(p, target)]
        tests.append(" && ".join(emitter.truth(p, item_scope) for p in parts if _mentions(p, target)) or "1")
    sieve, requires, rest = tests
    once = " && ".join(outside) or "1"
    reads = _frame_reads(emitter, scope)
    if shares_requires:
        asked = f"""            int ok;
            PyObject *said = passed != NULL ? PyDict_GetItemWithError(passed, item) : NULL;
            if (said != NULL) ok = said == Py_True;
            else {{
                if (PyErr_Occurred()) {{ PyErr_Clear(); bad(cx); break; }}
                ok = {requires};
                if (!cx->bad && passed != NULL
                    && PyDict_SetItem(passed, item, ok ? Py_True : Py_False) < 0) {{
                    PyErr_Clear(); bad(cx);
                }}
            }}
            if (ok && {rest}) {{"""
    else:
        asked = f"            if ({requires} && {rest}) {{"
    cname = f"filter_{number}"
    text = f"""
static PyObject *{cname}(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {{
    if (nargs < 2) {{ PyErr_SetString(PyExc_TypeError, "a filter takes a frame and a domain"); return NULL; }}
    PyObject *frame = args[0], *domain = args[1];
    PyObject *passed = nargs > 2 && PyDict_CheckExact(args[2]) ? args[2] : NULL;
    (void)passed;
    PyObject *engine = PyObject_GetAttr(frame, S_engine);
    if (engine == NULL) return NULL;
    Cx cx_;
    Cx *cx = &cx_;
    PyObject *out = NULL;
    if (cx_open_frame(cx, engine, frame, domain) < 0) goto fallback;
{reads}    out = PyList_New(0);
    if (out == NULL) goto done;
    Py_ssize_t n = PyList_GET_SIZE(domain);
    if (n == 0 || cx->bad || !({once})) goto fallback;
    int base = cx->used;
    for (Py_ssize_t i = 0; i < n && !cx->bad; i++) {{
        cx->used = base;
        PyObject *item = PyList_GET_ITEM(domain, i);
        V {local} = from_country(cx, item);
        if (cx->bad) break;
        if ({sieve}) {{
{asked}
                if (keep(out, item) < 0) {{ Py_CLEAR(out); goto done; }}
            }}
        }}
    }}
fallback:
    if (cx->bad) {{
        Py_XDECREF(out);
        out = PyObject_Vectorcall(FALLBACK[{number}], args, (size_t)nargs, NULL);
    }}
done:
    Py_XDECREF(cx->vars);
    cx_close(cx);
    Py_DECREF(engine);
    return out;
}}
"""
    return Filter(cname, text)


def pick_function(
    emitter: Emitter,
    number: int,
    node: dict[str, Any],
    target: str,
    target_kind: str,
    requires: list[Any],
    options: list[tuple[list[Any], list[Any], list[Any], list[tuple[Any, bool]]]],
) -> Filter:
    """`f(frame, domain)`: the target the priority list picks, as `PriorityList._pick` picks it in a game
    that traces no choice (a playout, the AI's look-ahead), or `DEFERRED` when the native code cannot be
    sure (the Python pick then makes it). `options`: per option, its `when` conditions, its cheap `where`
    conditions, its other `where` conditions and its keys (the option's `prefer`s, then the list's `then
    by`s: (key, descending)). A candidate is one of the domain that every `require` and every `where` of
    the option keeps; the first option with candidates picks, by its keys in turn, then the domain's
    order."""
    if target_kind not in ("country", "card", "region"):
        raise Unsupported(f"a pick of a {target_kind}")
    frame_kinds = {p["name"]: plain_type(p["type"]) for p in node["params"]}
    scope = Scope({}, frame=True, frame_kinds=frame_kinds)
    item_scope = scope.binding(target, target_kind)
    local = item_scope.local(target)
    req_parts = _conjuncts(requires)
    req_once = " && ".join(emitter.truth(p, scope) for p in req_parts if not _mentions(p, target)) or "1"
    req_each = " && ".join(emitter.truth(p, item_scope) for p in req_parts if _mentions(p, target)) or "1"
    blocks = []
    for k, (when, cheap, rest, keys) in enumerate(options):
        test_when = " && ".join(emitter.truth(p, scope) for p in _conjuncts(when)) or "1"
        once = []
        tests = []
        for group in (cheap, rest):
            parts = _conjuncts(group)
            once += [emitter.truth(p, scope) for p in parts if not _mentions(p, target)]
            tests.append(
                " && ".join(emitter.truth(p, item_scope) for p in parts if _mentions(p, target)) or "1"
            )
        key_blocks = []
        for key, descending in keys:
            value = emitter.expr(key, item_scope)
            if value.kind not in ("int", "bool", "none", "period", "scoring_level"):
                raise Unsupported(f"a key of {value.kind}")
            better = ">" if descending else "<"
            key_blocks.append(f"""
            if (m > 1) {{
                int seen = 0; V best = 0;
                for (int j = 0; j < m && !cx->bad; j++) {{
                    V {local} = dom[cand[j]];
                    V v = {value.text};
                    vals[j] = v;
                    if (v != NONE && (!seen || v {better} best)) {{ best = v; seen = 1; }}
                }}
                if (cx->bad) goto fallback;
                if (seen) {{
                    int kept = 0;
                    for (int j = 0; j < m; j++) if (vals[j] == best) cand[kept++] = cand[j];
                    m = kept;
                }}
            }}""")
        blocks.append(f"""
    /* option {k} */
    if (!cx->bad && {test_when} && {" && ".join(once) or "1"}) {{
        int m = 0;
        for (int i = 0; i < n && !cx->bad; i++) {{
            V {local} = dom[i];
            if (!({tests[0]})) continue;
            if (asked[i] == 0) asked[i] = ({req_each}) ? 1 : 2;
            if (asked[i] != 1) continue;
            if ({tests[1]}) cand[m++] = i;
        }}
        if (cx->bad) goto fallback;
        if (m > 0) {{{"".join(key_blocks)}
            if (cx->bad) goto fallback;
            chosen = PyList_GET_ITEM(domain, cand[0]);
            goto found;
        }}
    }}
    if (cx->bad) goto fallback;""")
    reads = _frame_reads(emitter, scope)
    cname = f"pick_{number}"
    text = f"""
static PyObject *{cname}(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {{
    if (nargs < 2) {{ PyErr_SetString(PyExc_TypeError, "a pick takes a frame and a domain"); return NULL; }}
    PyObject *frame = args[0], *domain = args[1];
    PyObject *engine = PyObject_GetAttr(frame, S_engine);
    if (engine == NULL) return NULL;
    Cx cx_;
    Cx *cx = &cx_;
    PyObject *chosen = Py_None;
    V dom[MOST_CANDIDATES];
    int cand[MOST_CANDIDATES];
    V vals[MOST_CANDIDATES];
    unsigned char asked[MOST_CANDIDATES];
    (void)vals;
    Py_ssize_t n = 0;
    if (cx_open_frame(cx, engine, frame, domain) < 0) goto fallback;
{reads}    n = PyList_GET_SIZE(domain);
    if (n > MOST_CANDIDATES) {{ cx->bad = 1; goto fallback; }}
    memset(asked, 0, (size_t)n);
    for (Py_ssize_t i = 0; i < n && !cx->bad; i++)
        dom[i] = from_{target_kind}(cx, PyList_GET_ITEM(domain, i));
    if (cx->bad || n == 0 || !({req_once})) goto none;
{"".join(blocks)}
none:
    chosen = Py_None;
found:
    if (cx->bad) goto fallback;
    Py_INCREF(chosen);
    goto done;
fallback:
    chosen = DEFERRED;
    Py_INCREF(chosen);
done:
    Py_XDECREF(cx->vars);
    cx_close(cx);
    Py_DECREF(engine);
    return chosen;
}}
"""
    return Filter(cname, text)


def greedy_function(vp: str) -> Filter:
    """`greedy_points(engine, side, options, weighed)`: the countries the greedy heuristic finds best for
    the side's next point of influence, in the options' order (decisions.GreedyPlayer._best_country: what
    the point gains in each weighed region's score, `weighed` as (region, weight) pairs, then a
    battleground, then the points short of control), or None when the native code cannot be sure (the
    Python heuristic then decides). `vp`: the C function of the ruleset's region score (registry's
    REGION_VP), written natively."""
    text = f"""
static V net_score(Cx *cx, V s, V r) {{
    V mine = CHK(cx, {vp}(cx, s, r));
    V theirs = CHK(cx, {vp}(cx, 1 - s, r));
    return mine - theirs;
}}
static PyObject *greedy_points(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {{
    if (nargs != 4) {{ PyErr_SetString(PyExc_TypeError, "greedy_points takes 4 arguments"); return NULL; }}
    PyObject *engine = args[0], *options = args[2], *weighed = args[3];
    Cx cx_;
    Cx *cx = &cx_;
    PyObject *out = NULL;
    V swing[MOST_CANDIDATES], ground[MOST_CANDIDATES], short_of[MOST_CANDIDATES];
    V regions[4], weights[4], before[4];
    int known[4] = {{0, 0, 0, 0}};
    if (cx_open(cx, engine, NULL) < 0) {{ PyErr_Clear(); goto deferred; }}
    V s = from_side(cx, args[1]);
    if (cx->bad || !S_OK(s) || !PyList_CheckExact(options) || !PyList_CheckExact(weighed)) goto deferred;
    Py_ssize_t n = PyList_GET_SIZE(options), nw = PyList_GET_SIZE(weighed);
    if (n == 0 || n > MOST_CANDIDATES || nw > 4) goto deferred;
    for (Py_ssize_t w = 0; w < nw; w++) {{
        PyObject *pair = PyList_GET_ITEM(weighed, w);
        if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2) goto deferred;
        regions[w] = from_region(cx, PyTuple_GET_ITEM(pair, 0));
        weights[w] = from_int(cx, PyTuple_GET_ITEM(pair, 1));
        if (cx->bad || regions[w] < 0 || weights[w] == NONE) goto deferred;
    }}
    V o = 1 - s;
    unsigned char asked[NC];
    memset(asked, 0, sizeof asked);
    for (Py_ssize_t i = 0; i < n; i++) {{
        V c = from_country(cx, PyList_GET_ITEM(options, i));
        if (cx->bad || asked[c]) goto deferred; /* (a country offered twice: the Python heuristic's) */
        asked[c] = 1;
        V own = INF(cx, s, c), theirs = INF(cx, o, c), needed = STABILITY[c];
        if (cx->bad) goto deferred;
        V margin = own - theirs, shortage = needed - margin;
        ground[i] = IS_BATTLEGROUND[c];
        short_of[i] = shortage > 0 ? -shortage : 0;
        swing[i] = 0;
        /* (only a point that changes who controls the country can change a region's score) */
        if (((own > 0 && margin >= needed) == (margin + 1 >= needed))
            && ((theirs > 0 && -margin >= needed) == (theirs > 0 && -margin - 1 >= needed)))
            continue;
        for (Py_ssize_t w = 0; w < nw; w++) {{
            V r = regions[w];
            if (!IS_MEMBER[r][c]) continue;
            if (!known[w]) {{ before[w] = net_score(cx, s, r); known[w] = 1; }}
            V gained = SUPPOSE(cx, c, s, own + 1, net_score(cx, s, r)) - before[w];
            swing[i] += weights[w] * gained;
        }}
        if (cx->bad) goto deferred;
    }}
    Py_ssize_t best = 0;
    for (Py_ssize_t i = 1; i < n; i++) {{
        if (swing[i] > swing[best] || (swing[i] == swing[best] && (ground[i] > ground[best]
            || (ground[i] == ground[best] && short_of[i] > short_of[best]))))
            best = i;
    }}
    out = PyList_New(0);
    if (out == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {{
        if (swing[i] == swing[best] && ground[i] == ground[best] && short_of[i] == short_of[best]) {{
            if (PyList_Append(out, PyList_GET_ITEM(options, i)) < 0) {{ Py_CLEAR(out); goto done; }}
        }}
    }}
    goto done;
deferred:
    out = Py_NewRef(Py_None);
done:
    cx_close(cx);
    return out;
}}
"""
    return Filter("greedy_points", text)


def _frame_reads(emitter: Emitter, scope: Scope) -> str:
    reads = []
    for name, kind in scope.frame_reads.items():
        key = emitter.var_key(name)
        element = element_type(kind)
        if element is not None:
            reads.append(
                f"    PyObject *o_{name} = var_of(&cx_, KEY[{key}]);\n"
                f"    int has_{name} = o_{name} != NULL && PyList_CheckExact(o_{name});\n"
                f"    L v_{name} = has_{name}\n"
                f"        ? kept_list(cx, {key}, o_{name}, from_{element}) : (L){{0, cx->arena}};\n"
            )
        else:
            reads.append(f"    V v_{name} = {_from(kind)}(cx, var_of(&cx_, KEY[{key}]));\n")
    return "".join(reads)


def _from(kind: str) -> str:
    return {"int": "from_int", "bool": "from_bool", "side": "from_side"}.get(kind, f"from_{kind}")


def _conjuncts(nodes: list[Any]) -> list[Any]:
    out: list[Any] = []
    for node in nodes:
        if isinstance(node, dict) and node.get("op") == "and":
            out.extend(_conjuncts(node["args"]))
        else:
            out.append(node)
    return out


def _mentions(node: Any, name: str) -> bool:
    if isinstance(node, dict):
        return node.get("var") == name or any(_mentions(v, name) for v in node.values())
    if isinstance(node, list):
        return any(_mentions(v, name) for v in node)
    return False


def _ones(truths: Any) -> str:
    return ", ".join("1" if t else "0" for t in truths)


def map_tables(ir: dict[str, Any], emitter: Emitter) -> str:
    """The ruleset's map as C arrays, in the IR's order of countries and regions."""
    tables = emitter.tables
    countries = ir["map"]["countries"]
    index = {c: i for i, c in enumerate(tables.countries)}
    regions = tables.regions
    superpowers = {s["superpower"] for s in ir["map"]["sides"].values()}
    by_side = [set(s["adjacent"]) for s in ir["map"]["sides"].values()]
    region_of = ", ".join(str(regions.index(v["region"])) for v in countries.values())
    us_near, ussr_near = (_ones(c in near for c in countries) for near in by_side)
    lines = [
        f"static const int STABILITY[NC] = {{{', '.join(str(v['stability']) for v in countries.values())}}};",
        f"static const int IS_BATTLEGROUND[NC] = {{{_ones(v['battleground'] for v in countries.values())}}};",
        f"static const int REGION[NC] = {{{region_of}}};",
        f"static const int BY_SUPERPOWER[2][NC] = {{{{{us_near}}}, {{{ussr_near}}}}};",
        *_region_tables(countries, index, regions),
    ]
    near = [
        [index[n] for n in v["adjacent"] if n not in superpowers and n in index] for v in countries.values()
    ]
    lines += _lists("NEIGHBOURS", "NEIGHBOUR_LISTS", near)
    lines.append(f"static V ALL_0[] = {{{', '.join(str(i) for i in range(len(tables.countries)))}}};")
    # (what influence in a country opens to access, 6.1.1: the country and whoever counts it a neighbour)
    opened = [
        sorted({c_i} | {n_i for n_i, around in enumerate(near) if c_i in around}) for c_i in range(len(near))
    ]
    lines += _lists("OPENED", "OPENED_BY", opened)
    return "\n".join(lines) + "\n"


def _region_tables(countries: dict[str, Any], index: dict[str, int], regions: list[str]) -> list[str]:
    """Each region's countries (subregions' in their regions too, 2.1.2) as a list and as a row of truths."""
    members: dict[str, list[int]] = {r: [] for r in regions}
    for c, v in countries.items():
        for r in (v["region"], *v["subregions"]):
            if r in members:
                members[r].append(index[c])
    lines = _lists("MEMBERS", "MEMBERS", [members[r] for r in regions], table_size="NR")
    rows = ", ".join("{" + _ones(i in set(members[r]) for i in range(len(index))) + "}" for r in regions)
    lines.append(f"static const unsigned char IS_MEMBER[NR][NC] = {{{rows}}};")
    return lines


def _lists(prefix: str, table: str, lists: list[list[int]], table_size: str = "NC") -> list[str]:
    """`static V <prefix>_<i>[]` for each list, and the table `<table>` of them as `L`s."""
    lines = [
        f"static V {prefix}_{i}[] = {{{', '.join(map(str, items)) or '0'}}};" for i, items in enumerate(lists)
    ]
    entries = ", ".join(f"{{{len(items)}, {prefix}_{i}}}" for i, items in enumerate(lists))
    lines.append(f"static const L {table}[{table_size}] = {{{entries}}};")
    return lines


BOARD_TWINS = r"""
static inline int C_OK(V c) { return c >= 0 && c < NC; }
static inline int S_OK(V s) { return s == 0 || s == 1; }
static inline V STAB(Cx *cx, V c) { return C_OK(c) ? STABILITY[c] : bad(cx); }
static inline V BATTLEGROUND(Cx *cx, V c) { return C_OK(c) ? IS_BATTLEGROUND[c] : bad(cx); }
static inline V REGION_OF(Cx *cx, V c) { return C_OK(c) ? REGION[c] : bad(cx); }
static inline V IN_REGION(Cx *cx, V c, V r) {
    if (r == NONE || r < 0 || r >= NR || c == NONE) return 0;
    return C_OK(c) ? IS_MEMBER[r][c] : bad(cx);
}
static inline V MARGIN(Cx *cx, V s, V c) {
    if (!S_OK(s) || !C_OK(c)) return bad(cx);
    return INF(cx, s, c) - INF(cx, 1 - s, c) - STABILITY[c];
}
static inline V CONTROLS(Cx *cx, V s, V c) {
    if (!S_OK(s) || !C_OK(c)) return bad(cx);
    V own = INF(cx, s, c);
    return own > 0 && own - INF(cx, 1 - s, c) >= STABILITY[c];
}
static inline V OPS_TO_CONTROL(Cx *cx, V s, V c) {
    V m = MARGIN(cx, s, c);
    return m < 0 ? -m : 0;
}
static inline V OPS_TO_BREAK(Cx *cx, V s, V c) {
    if (!S_OK(s)) return bad(cx);
    return CONTROLS(cx, 1 - s, c) ? MARGIN(cx, 1 - s, c) + 1 : 0;
}
static inline V ADJ_ANY_SUPERPOWER(Cx *cx, V c) {
    return C_OK(c) ? (BY_SUPERPOWER[0][c] || BY_SUPERPOWER[1][c]) : bad(cx);
}
static inline V ADJ_SUPERPOWER(Cx *cx, V c, V s) {
    return C_OK(c) && S_OK(s) ? BY_SUPERPOWER[s][c] : bad(cx);
}
static inline V ADJ_REGION(Cx *cx, V c, V r) {
    if (!C_OK(c)) return bad(cx);
    if (r == NONE || r < 0 || r >= NR) return 0;
    if (IS_MEMBER[r][c]) return 0;
    L n = NEIGHBOUR_LISTS[c];
    for (int i = 0; i < n.n; i++)
        if (IS_MEMBER[r][n.v[i]]) return 1;
    return 0;
}
static inline L NEIGHBOURS(Cx *cx, V c) {
    if (!C_OK(c)) { bad(cx); return (L){0, cx->arena}; }
    return NEIGHBOUR_LISTS[c];
}
static inline L COUNTRIES(Cx *cx, V r) {
    if (r == NONE || r < 0 || r >= NR) return (L){0, cx->arena};
    return MEMBERS[r];
}
static inline L ALL_COUNTRIES(Cx *cx) { (void)cx; return (L){NC, ALL_0}; }
static V PLACED(Cx *cx, V s, V c) {
    if (!S_OK(s) || !C_OK(c)) return bad(cx);
    if (cx->placed == NULL) {
        cx->placed = PyObject_GetAttr(cx->state, S_placed_this_round);
        if (cx->placed == NULL || !PyDict_Check(cx->placed)) { PyErr_Clear(); return bad(cx); }
    }
    PyObject *row = PyDict_GetItemWithError(cx->placed, S_side[s]);
    if (row == NULL || !PyDict_Check(row)) { PyErr_Clear(); return bad(cx); }
    PyObject *n = PyDict_GetItemWithError(row, COUNTRY_NAME[c]);
    if (n == NULL) { if (PyErr_Occurred()) { PyErr_Clear(); return bad(cx); } return 0; }
    return from_int(cx, n);
}
"""


def assemble(ir: dict[str, Any], emitter: Emitter, filters: list[Filter], module_name: str) -> str:
    tables = emitter.tables
    head = (
        f"#define NC {len(tables.countries)}\n#define NR {max(1, len(tables.regions))}\n"
        f"#define NK {max(1, len(tables.cards))}\n#define MEMO_SIZE {max(1, emitter.memo_size)}\n"
        "#define MOST_CANDIDATES 512\n"
    )
    names = r"""
static PyObject *REGION_NAME[NR], *REGION_INDEX, *CARD_NAME[NK], *CARD_INDEX;
static PyObject *PERIOD_NAME[16], *PERIOD_INDEX, *SCORING_LEVEL_NAME[16], *SCORING_LEVEL_INDEX;
static PyObject **TEXTS, **KEY, **CALLBACK, **FALLBACK, *PICK_FN, *S_settings, *DEFERRED;
static Py_ssize_t N_TEXTS, N_KEYS, N_CALLBACKS, N_FALLBACKS;
static V from_region(Cx *cx, PyObject *o) { return from_index(cx, REGION_INDEX, o); }
static V from_card(Cx *cx, PyObject *o) { return from_index(cx, CARD_INDEX, o); }
static V from_period(Cx *cx, PyObject *o) { return from_index(cx, PERIOD_INDEX, o); }
static V from_scoring_level(Cx *cx, PyObject *o) { return from_index(cx, SCORING_LEVEL_INDEX, o); }
static PyObject *box_country(V i) { return box_named(COUNTRY_NAME, NC, i); }
static PyObject *box_region(V i) { return box_named(REGION_NAME, NR, i); }
static PyObject *box_card(V i) { return box_named(CARD_NAME, NK, i); }
static PyObject *box_period(V i) { return box_named(PERIOD_NAME, 16, i); }
static PyObject *box_scoring_level(V i) { return box_named(SCORING_LEVEL_NAME, 16, i); }
#define TAKEN(kind) static V from_##kind##_taken(Cx *cx, PyObject *o) { \
    if (o == NULL) return bad(cx); V v = from_##kind(cx, o); Py_DECREF(o); return v; }
TAKEN(int) TAKEN(bool) TAKEN(side) TAKEN(country) TAKEN(region) TAKEN(card) TAKEN(period) TAKEN(scoring_level)
#define BOX_LIST(kind) static PyObject *box_list_##kind(L l) { \
    PyObject *out = PyList_New(l.n); if (out == NULL) return NULL; \
    for (int i = 0; i < l.n; i++) { \
        PyObject *x = box_##kind(l.v[i]); if (x == NULL) { Py_DECREF(out); return NULL; } \
    PyList_SET_ITEM(out, i, x); } return out; }
BOX_LIST(int) BOX_LIST(bool) BOX_LIST(side) BOX_LIST(country) BOX_LIST(region) BOX_LIST(card)
BOX_LIST(period) BOX_LIST(scoring_level)
static inline PyObject *TEXT(Py_ssize_t i) { return TEXTS[i]; }
static inline PyObject *TEXT_NEW(Py_ssize_t i) { Py_INCREF(TEXTS[i]); return TEXTS[i]; }
static inline PyObject *new_ref(PyObject *o) { Py_XINCREF(o); return o; }
static inline int TRUTH(Cx *cx, V x) {
    if (x == UNBOUND) { bad(cx); return 0; }
    return x != 0 && x != NONE;
}
static inline V CHK_BOUND(Cx *cx, V x) { if (x == UNBOUND) return bad(cx); return x; }
static inline L NEED_LIST(Cx *cx, L l, int has) { if (!has) bad(cx); return l; }
static PyObject *CALL(Cx *cx, Py_ssize_t i, int n, PyObject **args) {
    if (cx->bad) { for (int k = 0; k < n; k++) Py_XDECREF(args[k]); return NULL; }
    return call_back(cx, CALLBACK[i], args, n);
}
static PyObject *PICK(Cx *cx, Py_ssize_t name, int n, PyObject **args) {
    PyObject *values = PyList_New(n);
    int ok = values != NULL && !cx->bad;
    for (int k = 0; k < n; k++) {
        if (args[k] == NULL) ok = 0;
        if (values != NULL) PyList_SET_ITEM(values, k, args[k] ? args[k] : Py_NewRef(Py_None));
        else Py_XDECREF(args[k]);
    }
    if (!ok) { Py_XDECREF(values); bad(cx); return NULL; }
    PyObject *full[3] = {cx->engine, TEXTS[name], values};
    PyObject *got = PyObject_Vectorcall(PICK_FN, full, 3, NULL);
    Py_DECREF(values);
    if (got == NULL) { PyErr_Clear(); bad(cx); }
    return got;
}
static PyObject *S_in_effect, *S_card, *S_round_start_influence, *S_unmodified, *S_scoring_battlegrounds;
static V MEMO_VAL[MEMO_SIZE];
static uint64_t MEMO_GEN[MEMO_SIZE];
static V IN_EFFECT(Cx *cx, V k) {
    if (k < 0 || k >= NK) return bad(cx);
    if (!cx->effects_read) {
        memset(cx->in_effect, 0, sizeof cx->in_effect);
        PyObject *effects = PyObject_GetAttr(cx->state, S_in_effect);
        if (effects == NULL || !PyList_Check(effects)) { PyErr_Clear(); Py_XDECREF(effects); return bad(cx); }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(effects); i++) {
            PyObject *card = PyObject_GetAttr(PyList_GET_ITEM(effects, i), S_card);
            if (card == NULL) { PyErr_Clear(); bad(cx); break; }
            V j = from_card(cx, card);
            Py_DECREF(card);
            if (cx->bad) break;
            cx->in_effect[j >> 6] |= (uint64_t)1 << (j & 63);
        }
        Py_DECREF(effects);
        if (cx->bad) return 0;
        cx->effects_read = 1;
    }
    return (cx->in_effect[k >> 6] >> (k & 63)) & 1;
}
static V ACCESSIBLE(Cx *cx, V s, V c) {
    if (!S_OK(s) || !C_OK(c)) return bad(cx);
    if (!cx->access_read[s]) {
        unsigned char *open = cx->access[s];
        for (int i = 0; i < NC; i++) open[i] = (unsigned char)BY_SUPERPOWER[s][i];
        PyObject *starts = PyObject_GetAttr(cx->state, S_round_start_influence);
        PyObject *start = starts != NULL && PyDict_Check(starts)
            ? PyDict_GetItemWithError(starts, S_side[s]) : NULL;
        if (start == NULL || !PyList_Check(start)) { PyErr_Clear(); Py_XDECREF(starts); return bad(cx); }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(start); i++) {
            V at = from_country(cx, PyList_GET_ITEM(start, i));
            if (cx->bad) break;
            L by = OPENED_BY[at];
            for (int j = 0; j < by.n; j++) open[by.v[j]] = 1;
        }
        Py_DECREF(starts);
        if (cx->bad) return 0;
        cx->access_read[s] = 1;
    }
    return cx->access[s][c];
}
static V INDEX_OF(L items, V item) {
    for (int i = 0; i < items.n; i++)
        if (items.v[i] == item) return i + 1;
    return 0;
}
static PyObject *S_ops_region;
/* operations.py `_targets_ok`: the region the card's operations are committed to, if any */
static int TARGETS_OK(Cx *cx, V c) {
    if (!C_OK(c)) return (int)bad(cx);
    if (cx->ops_region == UNBOUND) {
        PyObject *r = PyObject_GetAttr(cx->engine, S_ops_region);
        if (r == NULL) { PyErr_Clear(); return (int)bad(cx); }
        cx->ops_region = r == Py_None ? NONE : from_region(cx, r);
        Py_DECREF(r);
    }
    if (cx->ops_region == NONE) return 1;
    return IS_MEMBER[cx->ops_region][c];
}
static int BG_UNMODIFIED(Cx *cx) {
    if (cx->unmodified_bg < 0) {
        PyObject *got = PyObject_CallMethodOneArg(cx->engine, S_unmodified, S_scoring_battlegrounds);
        if (got == NULL) { PyErr_Clear(); bad(cx); return 0; }
        cx->unmodified_bg = PyObject_IsTrue(got) == 1;
        Py_DECREF(got);
    }
    return cx->unmodified_bg;
}
static inline V AT_LEAST_0(Cx *cx, V n) { n = CHK(cx, n); return n > 0 ? n : 0; }
#define SUPPOSE(cx, c, s, amount, expr) ({ \
    V c_ = (c), s_ = (s), v_ = 0; \
    if (!C_OK(c_) || !S_OK(s_)) v_ = bad(cx); \
    else { \
        INF(cx, s_, c_); \
        int32_t saved_ = cx->inf[c_][s_]; uint64_t gen_ = cx->gen; int supposing_ = cx->supposing; \
        V to_ = (amount); \
        cx->inf[c_][s_] = (int32_t)to_; cx->gen = next_gen(); cx->supposing = 1; \
        v_ = (expr); \
        cx->inf[c_][s_] = saved_; cx->gen = gen_; cx->supposing = supposing_; \
    } \
    v_; })
#define LEVEL_IF_CONTROLLED(cx, s, c, r, level) ({ \
    V s1_ = (s), c1_ = (c), r1_ = (r); \
    V need_ = OPS_TO_CONTROL(cx, s1_, c1_); \
    V own_ = INF(cx, s1_, c1_); \
    if (own_ == 0 && need_ == 0) need_ = 1; \
    SUPPOSE(cx, c1_, s1_, own_ + need_, level(cx, s1_, r1_)); })
#define LEVEL_WITHOUT_CONTROL(cx, s, c, r, level) ({ \
    V s2_ = (s), c2_ = (c), r2_ = (r), v2_; \
    if (!CONTROLS(cx, s2_, c2_)) v2_ = level(cx, s2_, r2_); \
    else { \
        V short_ = INF(cx, 1 - s2_, c2_) + STABILITY[c2_] - 1; \
        if (short_ < 0) short_ = 0; \
        v2_ = SUPPOSE(cx, c2_, s2_, short_, level(cx, s2_, r2_)); \
    } \
    v2_; })
/* A frame's list as numbers, in this evaluation's arena. What it was read from last, by variable, is
   kept with the list and its items (references held: none of them can be freed and another take its
   address): the options of one pick are handed the same list, the countries offered, so it is read once
   per pick, and found again only when it still holds the very same items. (A copy per evaluation: a call
   back into Python may evaluate another list's pick meanwhile, which reads the same variable.) */
typedef struct {
    PyObject *list;
    Py_ssize_t n;
    PyObject **objects;
    V *items;
} KeptList;
static KeptList *KEPT_LISTS;
static void keep_list(KeptList *k, PyObject *o, L read) {
    Py_ssize_t n = read.n;
    PyObject **objects = PyMem_Malloc(sizeof(PyObject *) * (size_t)(n > 0 ? n : 1));
    V *items = PyMem_Malloc(sizeof(V) * (size_t)(n > 0 ? n : 1));
    if (objects == NULL || items == NULL) {
        PyMem_Free(objects);
        PyMem_Free(items);
        return; /* (not kept: read again next time) */
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        objects[i] = PyList_GET_ITEM(o, i);
        Py_INCREF(objects[i]);
        items[i] = read.v[i];
    }
    PyObject *old_list = k->list, **old_objects = k->objects;
    Py_ssize_t old_n = k->n;
    V *old_items = k->items;
    Py_INCREF(o);
    k->list = o;
    k->n = n;
    k->objects = objects;
    k->items = items;
    for (Py_ssize_t i = 0; i < old_n && old_objects != NULL; i++) Py_DECREF(old_objects[i]);
    PyMem_Free(old_objects);
    PyMem_Free(old_items);
    Py_XDECREF(old_list);
}
static L kept_list(Cx *cx, Py_ssize_t slot, PyObject *o, V (*item)(Cx *, PyObject *)) {
    Py_ssize_t n = PyList_GET_SIZE(o);
    L out = list_new(cx, (int)n);
    if (cx->bad) return out;
    KeptList *k = &KEPT_LISTS[slot];
    int same = k->list == o && k->n == n;
    for (Py_ssize_t i = 0; i < n && same; i++) same = k->objects[i] == PyList_GET_ITEM(o, i);
    if (same) {
        memcpy(out.v, k->items, sizeof(V) * (size_t)n);
        out.n = (int)n;
        return out;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        V x = item(cx, PyList_GET_ITEM(o, i));
        if (x == NONE || x == UNBOUND) bad(cx);
        if (cx->bad) return out;
        out.v[out.n++] = x;
    }
    keep_list(k, o, out);
    return out;
}
/* An evaluation of a priority list's frame over a domain (a list): its state and variables read, or -1
   (and `bad`) when they are not what the native code reads (the Python code then answers). */
static int cx_open_frame(Cx *cx, PyObject *engine, PyObject *frame, PyObject *domain) {
    if (cx_open(cx, engine, frame) < 0) { PyErr_Clear(); cx->bad = 1; return -1; }
    cx->vars = PyObject_GetAttr(frame, S_vars);
    if (cx->vars == NULL || !PyDict_Check(cx->vars)) { PyErr_Clear(); cx->bad = 1; return -1; }
    if (!PyList_CheckExact(domain)) { cx->bad = 1; return -1; }
    return 0;
}
static PyObject *SIDE_ENTRY(Cx *cx, PyObject *field, V s) { /* borrowed, or NULL: state.field[side] */
    if (s != 0 && s != 1) { bad(cx); return NULL; }
    PyObject *d = PyObject_GetAttr(cx->state, field);
    if (d == NULL || !PyDict_Check(d)) { PyErr_Clear(); Py_XDECREF(d); bad(cx); return NULL; }
    PyObject *v = PyDict_GetItemWithError(d, S_side[s]);
    Py_DECREF(d);
    if (v == NULL) { PyErr_Clear(); bad(cx); }
    return v;
}
static PyObject *state_item(Cx *cx, PyObject *field, PyObject *key) { /* borrowed, or NULL */
    PyObject *d = PyObject_GetAttr(cx->state, field);
    if (d == NULL || !PyDict_Check(d)) { PyErr_Clear(); Py_XDECREF(d); bad(cx); return NULL; }
    PyObject *v = PyDict_GetItemWithError(d, key);
    Py_DECREF(d);
    if (v == NULL) { PyErr_Clear(); bad(cx); }
    return v;
}
"""
    methods = "".join(
        f'    {{"{f.cname}", (PyCFunction)(void (*)(void)){f.cname}, METH_FASTCALL, ""}},\n' for f in filters
    )
    init = f"""
static PyObject **fill(PyObject *seq, Py_ssize_t *n) {{
    *n = PyTuple_GET_SIZE(seq);
    PyObject **out = PyMem_Calloc((size_t)(*n + 1), sizeof(PyObject *));
    for (Py_ssize_t i = 0; i < *n; i++) {{ out[i] = PyTuple_GET_ITEM(seq, i); Py_INCREF(out[i]); }}
    return out;
}}
static void names_of(PyObject *seq, PyObject **names, PyObject **index, Py_ssize_t most) {{
    *index = PyDict_New();
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(seq) && i < most; i++) {{
        names[i] = PyTuple_GET_ITEM(seq, i);
        Py_INCREF(names[i]);
        PyObject *k = PyLong_FromSsize_t(i);
        PyDict_SetItem(*index, names[i], k);
        Py_DECREF(k);
    }}
}}
static PyObject *native_init(PyObject *self, PyObject *a) {{
    PyObject *countries, *regions, *cards, *periods, *levels, *texts, *keys, *callbacks, *fallbacks;
    PyObject *pick, *deferred;
    if (!PyArg_ParseTuple(a, "O!O!O!O!O!O!O!O!O!OO", &PyTuple_Type, &countries, &PyTuple_Type, &regions,
            &PyTuple_Type, &cards, &PyTuple_Type, &periods, &PyTuple_Type, &levels, &PyTuple_Type, &texts,
            &PyTuple_Type, &keys, &PyTuple_Type, &callbacks, &PyTuple_Type, &fallbacks, &pick, &deferred))
        return NULL;
    DEFERRED = deferred; Py_INCREF(deferred);
    if (PyTuple_GET_SIZE(countries) != NC) {{
        PyErr_SetString(PyExc_ValueError, "not this module's map");
        return NULL;
    }}
    names_of(countries, COUNTRY_NAME, &COUNTRY_INDEX, NC);
    names_of(regions, REGION_NAME, &REGION_INDEX, NR);
    names_of(cards, CARD_NAME, &CARD_INDEX, NK);
    names_of(periods, PERIOD_NAME, &PERIOD_INDEX, 16);
    names_of(levels, SCORING_LEVEL_NAME, &SCORING_LEVEL_INDEX, 16);
    TEXTS = fill(texts, &N_TEXTS);
    KEY = fill(keys, &N_KEYS);
    KEPT_LISTS = PyMem_Calloc((size_t)(N_KEYS + 1), sizeof(KeptList));
    CALLBACK = fill(callbacks, &N_CALLBACKS);
    FALLBACK = fill(fallbacks, &N_FALLBACKS);
    PICK_FN = pick; Py_INCREF(pick);
    S_engine = PyUnicode_InternFromString("engine");
    S_vars = PyUnicode_InternFromString("vars");
    S_settings = PyUnicode_InternFromString("settings");
    S_state = PyUnicode_InternFromString("state");
    S_influence = PyUnicode_InternFromString("influence");
    S_placed_this_round = PyUnicode_InternFromString("placed_this_round");
    S_in_effect = PyUnicode_InternFromString("in_effect");
    S_ops_region = PyUnicode_InternFromString("ops_region");
    S_card = PyUnicode_InternFromString("card");
    S_round_start_influence = PyUnicode_InternFromString("round_start_influence");
    S_unmodified = PyUnicode_InternFromString("unmodified");
    S_scoring_battlegrounds = PyUnicode_InternFromString("scoring_battlegrounds");
    S_side[0] = PyUnicode_InternFromString("us");
    S_side[1] = PyUnicode_InternFromString("ussr");
    Py_RETURN_NONE;
}}
static PyMethodDef METHODS[] = {{
    {{"init", native_init, METH_VARARGS, ""}},
{methods}    {{NULL, NULL, 0, NULL}}
}};
static struct PyModuleDef MODULE = {{PyModuleDef_HEAD_INIT, "{module_name}", NULL, -1, METHODS}};
PyMODINIT_FUNC PyInit_{module_name}(void) {{ return PyModule_Create(&MODULE); }}
"""
    return "\n".join(
        [
            head,
            support_text(),
            map_tables(ir, emitter),
            BOARD_TWINS,
            names,
            *emitter.tables_written,
            *emitter.prototypes,
            *emitter.bodies,
            *(f.c_text for f in filters),
            init,
        ]
    )


__all__ = ["Filter", "assemble", "filter_function", "plain_type"]
