/* The support code of a ruleset's native evaluation (runtime/backend/native): the values, the board read
   from the game's state, the lists, and the calls back into Python. Each module the back end writes
   includes this text first, then the tables of its ruleset's map, then its functions.

   A value is a 64-bit integer whatever the rules' type: a number, a truth (0 or 1), a side (0 the US,
   1 the USSR), or the index of a country, a region, a card or an enumeration's value in the module's
   tables. NONE stands for the rules' `none`. Anything the native code cannot be sure of (a value of a
   type it does not expect, a number past a rule's bound, an error in a call back into Python) sets the
   evaluation's `bad`: the function then hands the whole question to the Python code it stands for, which
   gives the answer or the error the rules give. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef int64_t V;
#define NONE INT64_MIN
#define UNBOUND (INT64_MIN + 1)
#define MAX_RULE_INT 1000000000000LL
#define ARENA 8192

typedef struct {
    int n;
    V *v;
} L;

typedef struct {
    PyObject *engine;  /* borrowed */
    PyObject *frame;   /* borrowed; NULL in a rule function called alone */
    PyObject *vars;    /* borrowed: the frame's variables */
    PyObject *state;   /* owned */
    PyObject *influence; /* owned: state.influence */
    PyObject *placed;    /* owned, once read: state.placed_this_round */
    int bad;
    int supposing;        /* a board supposed by the native code: no call back may read the real one */
    uint64_t gen;         /* this evaluation's (or this supposed board's) mark on the functions' memory */
    int effects_read;     /* the cards of the events in effect read into `in_effect` */
    uint64_t in_effect[(NK + 63) / 64];
    int access_read[2];   /* each side's accessible countries read into `access` */
    unsigned char access[2][NC];
    int unmodified_bg;    /* -1 not asked yet; else whether no rule modifies the battlegrounds counted */
    V ops_region;         /* the region the card's operations are committed to (UNBOUND: not read yet) */
    uint64_t loaded[(NC + 63) / 64];
    int32_t inf[NC][2];
    int used;
    V arena[ARENA];
} Cx;

/* The names the module reads of Python objects, made once (module init). */
static PyObject *S_engine, *S_vars, *S_state, *S_influence, *S_placed_this_round, *S_side[2];
static PyObject *COUNTRY_NAME[NC];
static PyObject *COUNTRY_INDEX; /* dict: name -> int */

static uint64_t GEN = 0; /* (64 bits: never wraps, so an old entry's mark is never taken for a live one) */
static uint64_t next_gen(void) {
    GEN += 1;
    return GEN;
}

static V bad(Cx *cx) {
    cx->bad = 1;
    return 0;
}

static int cx_open(Cx *cx, PyObject *engine, PyObject *frame) {
    cx->engine = engine;
    cx->frame = frame;
    cx->vars = NULL;
    cx->bad = 0;
    cx->used = 0;
    cx->placed = NULL;
    cx->supposing = 0;
    cx->gen = next_gen();
    cx->effects_read = 0;
    cx->access_read[0] = cx->access_read[1] = 0;
    cx->unmodified_bg = -1;
    cx->ops_region = UNBOUND;
    cx->state = NULL;
    cx->influence = NULL;
    memset(cx->loaded, 0, sizeof cx->loaded);
    cx->state = PyObject_GetAttr(engine, S_state);
    if (cx->state == NULL) return -1;
    cx->influence = PyObject_GetAttr(cx->state, S_influence);
    if (cx->influence == NULL || !PyDict_Check(cx->influence)) {
        Py_CLEAR(cx->state);
        Py_CLEAR(cx->influence);
        return -1;
    }
    return 0;
}

static void cx_close(Cx *cx) {
    Py_CLEAR(cx->placed);
    Py_CLEAR(cx->state);
    Py_CLEAR(cx->influence);
}

static void load_country(Cx *cx, V c) {
    PyObject *row = PyDict_GetItemWithError(cx->influence, COUNTRY_NAME[c]);
    if (row == NULL || !PyDict_Check(row)) {
        PyErr_Clear();
        bad(cx);
        return;
    }
    for (int s = 0; s < 2; s++) {
        PyObject *n = PyDict_GetItemWithError(row, S_side[s]);
        if (n == NULL || !PyLong_CheckExact(n)) {
            PyErr_Clear();
            bad(cx);
            return;
        }
        cx->inf[c][s] = (int32_t)PyLong_AsLong(n);
    }
    cx->loaded[c >> 6] |= (uint64_t)1 << (c & 63);
}

static inline V INF(Cx *cx, V s, V c) {
    if (s < 0 || s > 1 || c < 0 || c >= NC) return bad(cx);
    if (!((cx->loaded[c >> 6] >> (c & 63)) & 1)) {
        load_country(cx, c);
        if (cx->bad) return 0;
    }
    return cx->inf[c][s];
}

static inline V OPP(Cx *cx, V s) {
    if (s != 0 && s != 1) return bad(cx);
    return 1 - s;
}

static inline V CHK(Cx *cx, V x) { /* a value that must be there (bound, not none) */
    if (x == NONE || x == UNBOUND) return bad(cx);
    return x;
}

static inline V BOUNDED(Cx *cx, V x) {
    if (x > MAX_RULE_INT || x < -MAX_RULE_INT) return bad(cx);
    return x;
}

static inline V SORTABLE(V x) { return x == NONE ? -1 : x; }

static L list_new(Cx *cx, int n) {
    L l;
    l.n = 0;
    if (cx->used + n > ARENA) {
        bad(cx);
        l.v = cx->arena;
        return l;
    }
    l.v = cx->arena + cx->used;
    cx->used += n;
    return l;
}

static inline int list_has(L l, V x) {
    for (int i = 0; i < l.n; i++)
        if (l.v[i] == x) return 1;
    return 0;
}

/* ------------------------------------------------------------------ from Python */
static V from_side(Cx *cx, PyObject *o) {
    if (o == NULL) return UNBOUND;
    if (o == Py_None) return NONE;
    if (o == S_side[0]) return 0;
    if (o == S_side[1]) return 1;
    if (PyUnicode_Check(o)) {
        if (PyUnicode_Compare(o, S_side[0]) == 0) return 0;
        if (PyUnicode_Compare(o, S_side[1]) == 0) return 1;
    }
    return bad(cx);
}

static V from_index(Cx *cx, PyObject *index, PyObject *o) {
    if (o == NULL) return UNBOUND;
    if (o == Py_None) return NONE;
    if (!PyUnicode_Check(o)) return bad(cx);
    PyObject *i = PyDict_GetItemWithError(index, o);
    if (i == NULL) {
        PyErr_Clear();
        return bad(cx);
    }
    return PyLong_AsLongLong(i);
}

static V from_int(Cx *cx, PyObject *o) {
    if (o == NULL) return UNBOUND;
    if (o == Py_None) return NONE;
    if (o == Py_True) return 1;
    if (o == Py_False) return 0;
    if (!PyLong_CheckExact(o)) return bad(cx);
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || v > MAX_RULE_INT || v < -MAX_RULE_INT) return bad(cx);
    return v;
}

static V from_bool(Cx *cx, PyObject *o) {
    if (o == NULL) return UNBOUND;
    if (o == Py_None) return NONE;
    if (o == Py_True) return 1;
    if (o == Py_False) return 0;
    if (PyLong_CheckExact(o)) return PyLong_AsLongLong(o) != 0;
    return bad(cx);
}

static L from_list(Cx *cx, PyObject *o, V (*item)(Cx *, PyObject *)) {
    L l = {0, cx->arena};
    if (o == NULL || !PyList_CheckExact(o)) {
        bad(cx);
        return l;
    }
    Py_ssize_t n = PyList_GET_SIZE(o);
    l = list_new(cx, (int)n);
    if (cx->bad) return l;
    for (Py_ssize_t i = 0; i < n; i++) {
        V x = item(cx, PyList_GET_ITEM(o, i));
        if (x == NONE || x == UNBOUND) bad(cx);
        l.v[l.n++] = x;
    }
    return l;
}

/* A country's name to its index: the names the game hands around are the map's own objects, so the
   object's address is looked up first in a small table of those seen, then the dict by its text. */
#define SEEN_SLOTS 512
static PyObject *SEEN_NAME[SEEN_SLOTS];
static V SEEN_INDEX[SEEN_SLOTS];
static V from_country(Cx *cx, PyObject *o) {
    size_t h = ((uintptr_t)o >> 4) & (SEEN_SLOTS - 1);
    if (SEEN_NAME[h] == o) return SEEN_INDEX[h];
    V i = from_index(cx, COUNTRY_INDEX, o);
    if (!cx->bad && i >= 0 && o != Py_None) {
        /* (a reference held: the address stays this name's while it is in the table) */
        Py_INCREF(o);
        Py_XDECREF(SEEN_NAME[h]);
        SEEN_NAME[h] = o;
        SEEN_INDEX[h] = i;
    }
    return i;
}

static PyObject *var_of(Cx *cx, PyObject *name) { /* borrowed; NULL when the frame has none */
    if (cx->vars == NULL) return NULL;
    PyObject *v = PyDict_GetItemWithError(cx->vars, name);
    if (v == NULL) PyErr_Clear();
    return v;
}

/* ------------------------------------------------------------------ to Python (new references) */
static PyObject *box_side(V s) {
    if (s == NONE) Py_RETURN_NONE;
    Py_INCREF(S_side[s]);
    return S_side[s];
}

static PyObject *box_named(PyObject **names, int n, V i) {
    if (i == NONE) Py_RETURN_NONE;
    if (i < 0 || i >= n) {
        PyErr_SetString(PyExc_IndexError, "native value out of range");
        return NULL;
    }
    Py_INCREF(names[i]);
    return names[i];
}

static PyObject *box_int(V x) {
    if (x == NONE) Py_RETURN_NONE;
    return PyLong_FromLongLong(x);
}

static PyObject *box_bool(V x) {
    if (x == NONE) Py_RETURN_NONE;
    return PyBool_FromLong(x != 0);
}

/* A call back into Python: `fn(engine, *args)`; the references to `args` are taken (released here). */
static PyObject *call_back(Cx *cx, PyObject *fn, PyObject **args, int n) {
    PyObject *full[12];
    int ok = n <= 10 && !cx->supposing;
    full[0] = cx->engine;
    for (int i = 0; i < n && ok; i++) {
        if (args[i] == NULL) ok = 0;
        full[i + 1] = args[i];
    }
    PyObject *got = NULL;
    if (ok) got = PyObject_Vectorcall(fn, full, (size_t)(n + 1), NULL);
    for (int i = 0; i < n; i++) Py_XDECREF(args[i]);
    if (got == NULL) {
        PyErr_Clear();
        bad(cx);
    }
    return got;
}

/* The country items of a Python list as they are kept (the candidates a filter keeps). */
static int keep(PyObject *out, PyObject *item) { return PyList_Append(out, item); }
