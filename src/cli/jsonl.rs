//! `nakade analyze --jsonl`: one position a line on standard input, one answer a line on
//! standard output, in order, each written and flushed as soon as it is read (a host writes
//! a line and waits for its answer, as with KataGo's analysis engine).
//!
//! A request is a JSON object: `{"id": ANY, "sgf": TEXT}` or `{"id": ANY, "diagram": TEXT}`,
//! with optional `"move"` (analyse before this move, SGF only), `"komi"` (default: the SGF's
//! `KM`, else 0), `"rules"` (`"area"` or `"territory"`, default territory) and `"to_move"`
//! (`"B"` or `"W"`), and `"analysis"` (`false` to answer the final status and score alone:
//! a server that only scores games skips the reading of every eye space's value). The
//! answer is `{"id": ANY, "analysis": {...}, "final": {...}}`: the object `analyze --json`
//! prints and the one `score --json` prints (no `"analysis"` when the request asked for
//! none); or `{"id": ANY, "error": TEXT}` for a request that cannot be read (the line number
//! in the text). An empty line is skipped; a line longer than [`MAX_LINE`] bytes is an
//! error answer.

use std::io::{BufRead, Read, Write};

use nakade::board::analysis::{analyze_position, AnalysisLimits};
use nakade::board::finish::{final_status, score, FinalLimits, Rules};
use nakade::board::{ascii, sgf, Color};
use nakade::evaluation::evaluate::Evaluator;
use serde_json::{json, Value};

/// The longest request line read, in bytes (an SGF's size limit and some room).
pub const MAX_LINE: usize = sgf::MAX_FILE_BYTES as usize + 4096;

/// Answer every line of `input` on `output`.
pub fn run(
    mut input: impl BufRead,
    mut output: impl Write,
    ev: &Evaluator<'_>,
) -> anyhow::Result<()> {
    let mut line = Vec::new();
    let mut number = 0usize;
    loop {
        line.clear();
        number += 1;
        let n = input
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(());
        }
        let answer = if line.len() > MAX_LINE && !line.ends_with(b"\n") {
            // Read past the rest of the line.
            let mut rest = Vec::new();
            input.read_until(b'\n', &mut rest)?;
            json!({"id": Value::Null, "error": format!("line {number}: longer than {MAX_LINE} bytes")})
        } else {
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            answer(text.trim(), number, ev)
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
}

fn answer(text: &str, number: usize, ev: &Evaluator<'_>) -> Value {
    let request: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return json!({"id": Value::Null, "error": format!("line {number}: not JSON: {e}")})
        }
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    match read(&request, number, ev) {
        Ok((Some(analysis), fin)) => json!({"id": id, "analysis": analysis, "final": fin}),
        Ok((None, fin)) => json!({"id": id, "final": fin}),
        Err(e) => json!({"id": id, "error": e}),
    }
}

fn read(r: &Value, number: usize, ev: &Evaluator<'_>) -> Result<(Option<Value>, Value), String> {
    let at = |field: &str, what: &str| format!("line {number}: \"{field}\": expected {what}");
    let with_analysis = match r.get("analysis") {
        None | Some(Value::Null) => true,
        Some(v) => v.as_bool().ok_or_else(|| at("analysis", "true or false"))?,
    };
    let move_number = match r.get("move") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .filter(|&n| n >= 1)
                .ok_or_else(|| at("move", "a move number from 1"))? as usize,
        ),
    };
    let (mut board, file_to_move, file_komi) = match (r.get("sgf"), r.get("diagram")) {
        (Some(Value::String(s)), None) => {
            let p = sgf::load(s, move_number).map_err(|e| format!("line {number}: sgf: {e}"))?;
            (p.board, p.to_move, p.komi)
        }
        (None, Some(Value::String(d))) => {
            if move_number.is_some() {
                return Err(at("move", "no move number with a diagram"));
            }
            let p =
                ascii::parse_board(d, None).map_err(|e| format!("line {number}: diagram:{e}"))?;
            (p.board, Color::Black, None)
        }
        _ => {
            return Err(format!(
                "line {number}: expected one of \"sgf\" or \"diagram\", a string"
            ))
        }
    };
    let komi = match r.get("komi") {
        None | Some(Value::Null) => file_komi.unwrap_or(0.0),
        Some(v) => v
            .as_f64()
            .filter(|k| k.is_finite())
            .ok_or_else(|| at("komi", "a number"))?,
    };
    let rules = match r.get("rules") {
        None | Some(Value::Null) => Rules::Territory,
        Some(v) => v
            .as_str()
            .and_then(Rules::parse)
            .ok_or_else(|| at("rules", "\"area\" or \"territory\""))?,
    };
    let to_move = match r.get("to_move") {
        None | Some(Value::Null) => file_to_move,
        Some(v) => match v.as_str().map(str::to_ascii_uppercase).as_deref() {
            Some("B") => Color::Black,
            Some("W") => Color::White,
            _ => return Err(at("to_move", "\"B\" or \"W\"")),
        },
    };
    let analysis = with_analysis.then(|| {
        let report = analyze_position(&mut board, ev, None, AnalysisLimits::default());
        super::analyze::to_json(&board, &report)
    });
    let fin = final_status(&board, ev, to_move, FinalLimits::default());
    let sc = score(&board, &fin, rules, komi);
    Ok((analysis, super::score::to_json(&board, &fin, &sc)))
}
