//! One JSON vocabulary (issue 34, item 3): the output of every command that prints JSON is
//! valid against `docs/output.schema.json`, each against its own definition.
//!
//! The validator below reads the part of JSON Schema (2020-12) the file uses: `type`, `enum`,
//! `const`, `properties`, `required`, `additionalProperties`, `items`, `minItems`, `maxItems`,
//! `minimum`, `minLength`, `maxLength`, `$ref` to `#/$defs/NAME`, `oneOf` and `anyOf`. A
//! keyword it does not know fails the test, so the schema cannot say more than is checked.

use serde_json::Value;

use crate::support::nakade;

fn schema() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/output.schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const KNOWN: &[&str] = &[
    "$schema",
    "$id",
    "$defs",
    "title",
    "description",
    "type",
    "enum",
    "const",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "$ref",
    "oneOf",
    "anyOf",
];

/// The problems of `v` against `s` (empty when valid), each with its JSON path.
fn check(root: &Value, s: &Value, v: &Value, path: &str, out: &mut Vec<String>) {
    let Some(obj) = s.as_object() else {
        out.push(format!("{path}: the schema is not an object"));
        return;
    };
    for k in obj.keys() {
        assert!(
            KNOWN.contains(&k.as_str()),
            "schema keyword {k} is not checked"
        );
    }
    if let Some(r) = obj.get("$ref").and_then(Value::as_str) {
        let name = r.strip_prefix("#/$defs/").expect("a local $ref");
        check(root, &root["$defs"][name], v, path, out);
    }
    if let Some(t) = obj.get("type") {
        let types: Vec<&str> = match t {
            Value::String(s) => vec![s.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let is = |t: &str| match t {
            "null" => v.is_null(),
            "boolean" => v.is_boolean(),
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "string" => v.is_string(),
            "array" => v.is_array(),
            "object" => v.is_object(),
            _ => false,
        };
        if !types.iter().any(|t| is(t)) {
            out.push(format!("{path}: {v} is not of type {t}"));
            return;
        }
    }
    if let Some(e) = obj.get("enum").and_then(Value::as_array) {
        if !e.contains(v) {
            out.push(format!("{path}: {v} is not one of the enum"));
        }
    }
    if let Some(c) = obj.get("const") {
        if c != v {
            out.push(format!("{path}: {v} is not {c}"));
        }
    }
    if let (Some(min), Some(n)) = (obj.get("minimum").and_then(Value::as_f64), v.as_f64()) {
        if n < min {
            out.push(format!("{path}: {n} < {min}"));
        }
    }
    if let (Some(max), Some(n)) = (obj.get("maximum").and_then(Value::as_f64), v.as_f64()) {
        if n > max {
            out.push(format!("{path}: {n} > {max}"));
        }
    }
    if let Some(text) = v.as_str() {
        let n = text.chars().count() as u64;
        if obj
            .get("minLength")
            .and_then(Value::as_u64)
            .is_some_and(|m| n < m)
            || obj
                .get("maxLength")
                .and_then(Value::as_u64)
                .is_some_and(|m| n > m)
        {
            out.push(format!("{path}: {v} has the wrong length"));
        }
    }
    if let Some(items) = v.as_array() {
        let n = items.len() as u64;
        if obj
            .get("minItems")
            .and_then(Value::as_u64)
            .is_some_and(|m| n < m)
            || obj
                .get("maxItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| n > m)
        {
            out.push(format!("{path}: {n} items"));
        }
        if let Some(item) = obj.get("items") {
            for (i, x) in items.iter().enumerate() {
                check(root, item, x, &format!("{path}[{i}]"), out);
            }
        }
    }
    if let Some(map) = v.as_object() {
        let props = obj.get("properties").and_then(Value::as_object);
        for r in obj
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let r = r.as_str().unwrap();
            if !map.contains_key(r) {
                out.push(format!("{path}: no key {r}"));
            }
        }
        for (k, x) in map {
            match props.and_then(|p| p.get(k)) {
                Some(ps) => check(root, ps, x, &format!("{path}.{k}"), out),
                None => match obj.get("additionalProperties") {
                    Some(Value::Bool(false)) => out.push(format!("{path}: unexpected key {k}")),
                    Some(extra @ Value::Object(_)) => {
                        check(root, extra, x, &format!("{path}.{k}"), out)
                    }
                    _ => {}
                },
            }
        }
    }
    for (kw, exactly_one) in [("oneOf", true), ("anyOf", false)] {
        if let Some(alts) = obj.get(kw).and_then(Value::as_array) {
            let passing = alts
                .iter()
                .filter(|a| {
                    let mut errs = Vec::new();
                    check(root, a, v, path, &mut errs);
                    errs.is_empty()
                })
                .count();
            if passing == 0 || (exactly_one && passing > 1) {
                out.push(format!(
                    "{path}: {passing} of the {kw} alternatives hold for {v}"
                ));
            }
        }
    }
}

/// Assert that `text` (one JSON value, or one a line with `lines`) is valid against the
/// definition `def`.
fn assert_valid(def: &str, text: &str, lines: bool) {
    let root = schema();
    let s = &root["$defs"][def];
    assert!(s.is_object(), "no definition {def}");
    let values: Vec<Value> = if lines {
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    } else {
        vec![serde_json::from_str(text).unwrap()]
    };
    assert!(!values.is_empty(), "{def}: no output");
    for v in values {
        let mut errs = Vec::new();
        check(&root, s, &v, "$", &mut errs);
        assert!(errs.is_empty(), "{def}: {errs:#?}\n{v}");
        // And the whole schema takes it.
        let mut errs = Vec::new();
        check(&root, &root, &v, "$", &mut errs);
        assert!(errs.is_empty(), "top level: {errs:#?}\n{v}");
    }
}

fn run(args: &[&str], input: &str) -> String {
    let (out, err, code) = nakade(args, input);
    assert!(code == 0 || code == 1, "{args:?}: {err}");
    out
}

#[test]
fn the_validator_refuses_what_the_schema_does_not_allow() {
    let root = schema();
    let mut errs = Vec::new();
    let bad = serde_json::json!({"graph": "...", "pattern": 1, "value": "1123x",
        "attack": [[0]], "defense": [], "source": "guess", "extra": 1});
    check(&root, &root["$defs"]["match"], &bad, "$", &mut errs);
    assert_eq!(errs.len(), 4, "{errs:#?}");
}

#[test]
fn match_and_solve_answers_and_their_errors() {
    assert_valid(
        "match",
        &run(&["match", "--json", "OO!%O.X%!..."], ""),
        false,
    );
    assert_valid("match", &run(&["match", "--json", "|.*%|.%+--"], ""), false);
    assert_valid(
        "match",
        &run(&["match", "--json", "--no-solver", "........"], ""),
        false,
    );
    assert_valid("solve", &run(&["solve", "--json", ".!..%O$"], ""), false);
    let batch = "...\n..?\nOO!%O.X%!...\n";
    assert_valid("batch_line", &run(&["match", "--batch"], batch), true);
    assert_valid("batch_line", &run(&["solve", "--batch"], batch), true);
}

#[test]
fn analyze_with_every_kind_of_source() {
    for file in [
        "tests/eval_eye/ko_case_c.sgf",
        "tests/eval_eye/centre_bulky_five_stone.sgf",
        "benches/positions/middle_game_5.sgf",
    ] {
        assert_valid("analyze", &run(&["analyze", file, "--json"], ""), false);
    }
}

#[test]
fn classify_of_a_graph_and_of_a_board() {
    assert_valid(
        "classify",
        &run(&["classify", "O..%...%O.O", "--json"], ""),
        false,
    );
    assert_valid(
        "classify",
        &run(&["classify", "XXXX.", "--json"], ""),
        false,
    );
    assert_valid(
        "classify",
        &run(
            &[
                "classify",
                "tests/eval_eye/centre_bulky_five.sgf",
                "--at",
                "K10",
                "--json",
            ],
            "",
        ),
        false,
    );
}

#[test]
fn shapes_and_lint() {
    assert_valid(
        "shapes",
        &run(&["shapes", "--up-to", "4", "--json"], ""),
        false,
    );
    let dir = std::env::temp_dir().join(format!("nakade-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.db");
    std::fs::write(
        &file,
        "Pattern 1\n\n..\n\n:1122\n\nPattern 2\n\n..\n\n:1111\n",
    )
    .unwrap();
    let out = run(&["lint", "--lenient", "--json", file.to_str().unwrap()], "");
    assert_valid("lint_finding", &out, true);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn library_stats_and_lookups() {
    let dir = std::env::temp_dir().join(format!("nakade-schema-lib-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lib = dir.join("l3.nksl");
    let lib = lib.to_str().unwrap();
    run(&["library", "build", "--up-to", "3", "--out", lib], "");
    assert_valid(
        "library_stats",
        &run(&["library", "stats", "--library", lib, "--json"], ""),
        false,
    );
    for graph in ["...", ".X.", "......."] {
        let out = run(
            &["library", "lookup", "--library", lib, graph, "--json"],
            "",
        );
        assert_valid("library_lookup", &out, false);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn score_and_the_jsonl_answers() {
    assert_valid(
        "score",
        &run(&["score", "--json", "tests/positions/bent_three.sgf"], ""),
        false,
    );
    assert_valid(
        "score",
        &run(
            &[
                "score",
                "--json",
                "--rules",
                "area",
                "tests/final/selfplay/9-l1-s9.sgf",
            ],
            "",
        ),
        false,
    );
    let requests = concat!(
        r#"{"id": 1, "sgf": "(;SZ[5]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][ae])"}"#,
        "\n",
        "not json\n",
        r#"{"id": [2], "diagram": "+---+\n|. X|\n|X .|\n+---+", "rules": "area"}"#,
        "\n",
        r#"{"id": 3, "diagram": "+---+\n|. X|\n|X .|\n+---+", "analysis": false}"#,
        "\n"
    );
    assert_valid(
        "analyze_line",
        &run(&["analyze", "--jsonl"], requests),
        true,
    );
}
