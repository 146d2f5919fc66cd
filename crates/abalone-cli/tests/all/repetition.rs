//! Repetitions: `play` says when a position occurs the third time and ends the game drawn
//! on `draw`; engines told the game so far play to the end; `arena --repetition N`.

use boardgames_testdata::stdout_of;
use serde_json::Value;

use crate::abalone;

#[test]
fn play_offers_a_draw_at_the_third_occurrence() {
    // Each side moves one marble forward and back, twice: the start position occurs at
    // plies 0, 4 and 8.
    let there_and_back = "c3d3\ng7f7\nd3c3\nf7g7\n";
    let script = format!("{there_and_back}{there_and_back}draw\n");
    let out = stdout_of(abalone().arg("play").write_stdin(script));
    assert_eq!(
        out.matches("the position has occurred 3 times: `draw` ends the game drawn")
            .count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("game drawn: the position has occurred 3 times"),
        "{out}"
    );
    // Before that, `draw` is refused and the game goes on.
    let refused = abalone()
        .arg("play")
        .write_stdin(format!("{there_and_back}draw\nc3d3\n"))
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&refused.stdout);
    assert!(
        text.contains("no draw: the position has not occurred 3 times"),
        "{text}"
    );
    assert!(text.contains("Black (@): c3d3"), "{text}");
}

#[test]
fn engines_play_to_the_end_without_a_move_limit() {
    // Two engines of the same level, no move limit: every game ends, by six marbles ejected
    // or drawn by the third occurrence of a position, never at the step limit.
    let out = stdout_of(abalone().args([
        "arena",
        "--a",
        "level=2",
        "--b",
        "level=1",
        "--games",
        "4",
        "--seed",
        "7",
        "--random-plies",
        "2",
        "--repetition",
        "3",
        "--max-steps",
        "3000",
        "--jsonl",
    ]));
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 5, "{out}");
    for game in &lines[..4] {
        let end = game["end"].as_str().unwrap_or("");
        assert!(
            end.contains("six marbles ejected") || end.starts_with("drawn by repetition"),
            "{game}"
        );
        assert_ne!(game["result"], "unfinished", "{game}");
    }
}
