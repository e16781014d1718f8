//! A Doomtrooper bot for dtref in Rust, over stdio (JSON Lines, docs/protocol.md).
//! It plays the rules of thumb of docs/rules-for-bots.md: claim the Cardinal's
//! Gift only without a warrior, muster, equip, attack only where the fight looks
//! won, take points as P.
//!
//!   cargo build --release --manifest-path examples/rust/Cargo.toml
//!   dtref match --bot stdio:examples/rust/target/release/dtref-rust-bot --bot builtin:random
//!
//! stdout carries protocol lines only (flushed after each); logs go to stderr.
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};

/// A rating as the engine derives it now ("current"), else as printed.
fn rating(card: &Value, key: &str) -> i64 {
    let r = if card["current"].is_object() { &card["current"] } else { &card["printed"] };
    r[key].as_i64().unwrap_or(0)
}

fn card_id(word: &str) -> i64 {
    word[1..].parse().unwrap_or(-1)
}

fn score(text: &str, obs: &Value, cards: &HashMap<i64, &Value>) -> f64 {
    let w: Vec<&str> = text.split(' ').collect();
    let me = &obs["seats"][obs["viewer"].as_u64().unwrap_or(0) as usize];
    let no_card = Value::Null;
    let card = |word: &str| *cards.get(&card_id(word)).unwrap_or(&&no_card);
    match w[0] {
        "gift" => {
            let has_warrior = me["hand"].as_array().map_or(false, |h| h.iter().any(|c| c["card_type"] == "warrior"));
            if has_warrior { -1.0 } else { 1.0 }
        }
        "points" => w[1][2..].parse().unwrap_or(0.0), // all P first
        "muster" => 50.0 + rating(card(w[1]), "value") as f64,
        "equip" | "bestow" => 40.0,
        "build" => 30.0,
        "sabotage" => 60.0,
        "meditate" => 5.0,
        "attack" => {
            let (a, d, tactic) = (card(w[1]), card(w[2]), w[3]);
            let i_hit = rating(a, tactic) >= rating(d, "armor");
            let they_hit = rating(d, tactic) >= rating(a, "armor");
            if i_hit && !they_hit {
                70.0 + rating(d, "value") as f64 + if d["wounded"] == true { 20.0 } else { 0.0 }
            } else {
                -10.0
            }
        }
        _ => 0.0, // pass, discard, windows
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(line) => line,
            Err(_) => break,
        };
        if line.trim().is_empty() {
            continue;
        }
        let msg: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("rust-primer: cannot read a line: {e}");
                continue;
            }
        };
        match msg["type"].as_str().unwrap_or("") {
            "hello" => {
                writeln!(out, "{}", json!({"type": "ready", "name": "rust-primer"})).unwrap();
            }
            "request" => {
                let obs = &msg["observation"];
                let mut cards = HashMap::new();
                for seat in obs["seats"].as_array().into_iter().flatten() {
                    for zone in ["hand", "in_play"] {
                        for c in seat[zone].as_array().into_iter().flatten() {
                            cards.insert(c["id"].as_i64().unwrap_or(-1), c);
                        }
                    }
                }
                let mut best = (f64::NEG_INFINITY, 0);
                for o in msg["options"].as_array().into_iter().flatten() {
                    let sc = score(o["text"].as_str().unwrap_or(""), obs, &cards);
                    if sc > best.0 {
                        best = (sc, o["index"].as_i64().unwrap_or(0));
                    }
                }
                writeln!(out, "{}", json!({"decision_id": msg["decision_id"], "choice": best.1})).unwrap();
            }
            "error" => eprintln!("rust-primer: answer refused: {}", msg["message"]),
            "match_end" => break,
            _ => {}
        }
        out.flush().unwrap();
    }
}
