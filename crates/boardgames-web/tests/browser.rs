//! The page in a real browser: headless Chromium driven through chromedriver (WebDriver)
//! plays every game by clicks and by keys, as a person does, and opens records, against
//! the server started in-process.
//!
//! * Pente: a whole game between two people, a scripted sequence of legal moves with a
//!   capture that ends in a five; a hint, an undo, and the record saved.
//! * Abalone for two: a whole game, a person against the computer at level 1 with a move
//!   limit of 24 plies typed into the chooser (twelve moves of the person's, then the limit
//!   ends the game, adjudicated as the core does), chosen by clicking marbles at their
//!   centre and then an arrow, a highlighted cell or a listed move; a hint (marked before
//!   anything is selected), an undo, the record saved.
//! * Abalone for six: a whole game, a person and five computers at level 1, three rounds
//!   ended by a move limit of 18 plies.
//! * Backgammon: a match to 2 points between two people, a double offered and taken, a
//!   checker clicked to list its point's plays, plays chosen from the list to the end of
//!   the match; the record saved.
//! * The keyboard alone: Pente stones placed with the arrows and Enter or Space, Abalone
//!   moves with the cursor, Space, the direction's digit and Enter, backgammon's double,
//!   take, rolls and plays by keys.
//! * Records: a real Pente game pasted and a backgammon match file chosen in the file input,
//!   stepped through with the buttons, the arrow keys, the slider and the move list against
//!   the core's replay; a game continued from a step against the computer; the match's
//!   analysis chart at level 1 against `judge_match`, a click on a decision showing its
//!   position.
//!
//! After every move the board the page shows (the SVG's `data-*` attributes, `#status`) is
//! compared with the position `boardgames_core` reaches by replaying the game's steps: the
//! moves clicked, the computer's moves and the dice read from the page's list of moves.
//!
//! Needs `chromium` and `chromedriver` (Debian: `apt-get install chromium chromium-driver`),
//! found on the `PATH` or given by `BOARDGAMES_CHROMIUM` and `BOARDGAMES_CHROMEDRIVER`.
//! Without them the test fails, unless `BOARDGAMES_SKIP_BROWSER=1`, which skips it. With
//! `BOARDGAMES_SCREENSHOTS=1` it saves a screenshot of each game to `docs/web/`.

#[path = "browser/webdriver.rs"]
mod webdriver;

use std::path::PathBuf;
use std::time::Duration;

use boardgames_ai::backgammon::{judge_match, BackgammonEngine, DecisionKind, Judged};
use boardgames_core::abalone::record::AbaPro;
use boardgames_core::abalone::{Cell, Colour, Layout, Move as AbaloneMove, Position};
use boardgames_core::backgammon::record::{read_match_file, replay_matches, GameReplay, MatchText};
use boardgames_core::backgammon::{Match, MatchAction, MatchRules, Phase, Side};
use boardgames_core::pente::record::PenteOrg;
use boardgames_core::pente::{OpeningRule, Pente, Point, Variant};
use boardgames_core::record::{replay, Applied, Format, Record, RecordedResult};
use boardgames_core::{Game, GameResult, Seat, Turn};
use boardgames_web::{serve, Config};
use serde_json::{json, Value};
use webdriver::{find_program, Browser, Element, WdResult};

/// The page and the server behind it.
struct Page {
    browser: Browser,
    /// `http://127.0.0.1:PORT/`.
    url: String,
    /// The server's runtime, stopped on drop.
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for Page {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// What the page shows besides the board: the game, its version, whose turn, and whether it
/// is waiting for the server or the computer.
#[derive(Debug, Clone)]
struct Shown {
    game: String,
    version: i64,
    busy: bool,
    turn: String,
    computer_to_move: bool,
    error: String,
    status: String,
    history: Vec<String>,
}

/// The script that reads [`Shown`].
const SHOWN: &str = r##"
const svg = document.getElementById("board");
const status = document.getElementById("status");
return {
  game: svg.dataset.game || "",
  version: svg.dataset.version === undefined ? -1 : Number(svg.dataset.version),
  busy: document.body.dataset.busy === "true",
  playing: !document.getElementById("play").hidden,
  turn: status.dataset.turn || "",
  computer: document.querySelector('#seats li[data-to-move="true"][data-player="computer"]') !== null,
  error: document.getElementById("error").textContent,
  status: status.textContent,
  history: Array.from(document.querySelectorAll("#history li"), (li) => li.textContent),
};
"##;

/// A point of the element `arguments[0]` (a CSS selector) that a click reaches, as an offset
/// from its centre in CSS pixels: the centre if nothing is drawn over it there, else a spot
/// nearer its edge; null when none is. A spot counts when the points 3 pixels around it
/// reach the element too, so that rounding never moves the click onto a neighbour.
const SPOT: &str = r##"
const element = document.querySelector(arguments[0]);
if (!element) return null;
element.scrollIntoView({ block: "center", inline: "center" });
const r = element.getBoundingClientRect();
const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
const tries = [[0, 0]];
for (const f of [0.3, 0.5, 0.7, 0.85]) {
  for (let a = 0; a < 24; a++) {
    tries.push([Math.round(Math.cos(a * Math.PI / 12) * f * r.width / 2),
                Math.round(Math.sin(a * Math.PI / 12) * f * r.height / 2)]);
  }
}
const reaches = (x, y) => {
  const hit = document.elementFromPoint(x, y);
  return hit !== null && (hit === element || element.contains(hit));
};
for (const [dx, dy] of tries) {
  const around = [[0, 0], [-3, 0], [3, 0], [0, -3], [0, 3], [-3, -3], [3, 3], [-3, 3], [3, -3]];
  if (around.every(([ax, ay]) => reaches(cx + dx + ax, cy + dy + ay))) return [dx, dy];
}
return null;
"##;

/// A program: the path the environment variable `variable` gives, else the first of
/// `programs` on the `PATH`.
fn program(variable: &str, programs: &[&str]) -> Option<PathBuf> {
    match std::env::var_os(variable) {
        Some(path) => find_program(&path.to_string_lossy()),
        None => programs.iter().find_map(|p| find_program(p)),
    }
}

/// Whether the environment variable `name` is set to `1`.
fn flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| v == "1")
}

impl Page {
    /// The server on a free port of 127.0.0.1 and the browser on its page; `None` (with a
    /// word on standard error) when `BOARDGAMES_SKIP_BROWSER=1`.
    fn open() -> Option<Page> {
        if flag("BOARDGAMES_SKIP_BROWSER") {
            eprintln!("browser test skipped: BOARDGAMES_SKIP_BROWSER=1");
            return None;
        }
        let chromedriver = program("BOARDGAMES_CHROMEDRIVER", &["chromedriver"]);
        let chromium = program(
            "BOARDGAMES_CHROMIUM",
            &["chromium", "chromium-browser", "google-chrome"],
        );
        let (Some(chromedriver), Some(chromium)) = (chromedriver, chromium) else {
            panic!(
                "the browser test needs chromium and chromedriver (Debian: apt-get install \
                 chromium chromium-driver; or BOARDGAMES_CHROMIUM and BOARDGAMES_CHROMEDRIVER \
                 give their paths); BOARDGAMES_SKIP_BROWSER=1 skips it"
            );
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("a free port");
        let addr = listener.local_addr().expect("the server's address");
        let config = Config {
            think_time: Duration::from_millis(300),
            ..Config::default()
        };
        runtime.spawn(serve(listener, config, std::future::pending()));
        let browser = Browser::start(&chromedriver, &chromium);
        Some(Page {
            browser,
            url: format!("http://{addr}/"),
            runtime: Some(runtime),
        })
    }

    /// What the page shows now.
    fn shown(&self) -> Shown {
        let v = self.browser.execute(SHOWN, &[]);
        let text = |key: &str| v[key].as_str().unwrap_or_default().to_owned();
        Shown {
            game: if v["playing"] == true {
                text("game")
            } else {
                String::new()
            },
            version: v["version"].as_i64().unwrap_or(-1),
            busy: v["busy"] == true,
            turn: text("turn"),
            computer_to_move: v["computer"] == true,
            error: text("error"),
            status: text("status"),
            history: v["history"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|s| s.as_str().unwrap_or_default().to_owned())
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    /// Waits until the page shows version `version` or a later one with nothing under way
    /// and no computer to move (it moves by itself): what it then shows.
    fn settled(&self, version: i64) -> Shown {
        self.browser.wait_for(
            &format!("version {version} of the game, settled"),
            || {
                let shown = self.shown();
                let done = shown.version >= version && !shown.busy && !shown.computer_to_move;
                done.then_some(shown)
            },
            || format!("the page shows {:?}", self.shown()),
        )
    }

    /// The first element matching `css`, waited for.
    fn element(&self, css: &str) -> Element {
        self.browser.wait_for(
            &format!("an element {css}"),
            || self.browser.find(css).ok().filter(|e| !e.0.is_empty()),
            || format!("the page shows {:?}", self.shown()),
        )
    }

    /// Whether an element matches `css` now.
    fn exists(&self, css: &str) -> bool {
        self.browser
            .find_all(css)
            .is_ok_and(|found| !found.is_empty())
    }

    /// Clicks the centre of the element matching `css` (found again if the page drew it
    /// anew meanwhile).
    fn click(&self, css: &str) {
        self.retry(css, |e| self.browser.click(e));
    }

    /// Clicks the element matching `css` where a click reaches it (its centre, or a spot
    /// nearer its edge when something is drawn over the centre).
    fn click_visible(&self, css: &str) {
        self.retry(css, |e| {
            let spot = self.browser.execute(SPOT, &[json!(css)]);
            let (dx, dy) = (spot[0].as_i64(), spot[1].as_i64());
            let (Some(dx), Some(dy)) = (dx, dy) else {
                panic!("no spot of {css} can be clicked: {spot}");
            };
            self.browser.click_at(e, dx, dy)
        });
    }

    /// Runs `act` on the element matching `css`, again on the element found anew when the
    /// page drew it again between finding and acting.
    fn retry(&self, css: &str, act: impl Fn(&Element) -> WdResult<()>) {
        let mut last = None;
        for _ in 0..20 {
            let element = self.element(css);
            match act(&element) {
                Ok(()) => return,
                Err(e) if e.code == "stale element reference" => last = Some(e),
                Err(e) => panic!("{css}: {e}"),
            }
        }
        panic!("{css}: {:?}", last.map(|e| e.to_string()));
    }

    /// Chooses the option whose value is `value` in the select `#id`.
    fn choose(&self, id: &str, value: &str) {
        let options = self
            .browser
            .find_all(&format!("#{id} option"))
            .unwrap_or_else(|e| panic!("{e}"));
        let option = options
            .iter()
            .find(|o| {
                self.browser
                    .property(o, "value")
                    .is_ok_and(|v| v.as_str() == Some(value))
            })
            .unwrap_or_else(|| panic!("#{id} has no option {value}"));
        self.browser.click(option).unwrap_or_else(|e| panic!("{e}"));
        let chosen = self
            .browser
            .property(&self.element(&format!("#{id}")), "value")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(chosen, json!(value), "#{id}");
    }

    /// Starts a game from the chooser: `game`, then `options` (the game's own fields), then
    /// who plays each seat (`human` or a level); waits for its board.
    /// Types `plies` into the chooser's move limit (0: none), as a person would, over what
    /// it held.
    fn move_limit(&self, plies: u32) {
        let field = self.element("#move-limit");
        self.browser.execute(
            r##"document.getElementById("move-limit").value = "";"##,
            &[],
        );
        self.browser
            .send_keys(&field, &plies.to_string())
            .unwrap_or_else(|e| panic!("{e}"));
    }

    fn start(&self, game: &str, options: impl FnOnce(&Page), seats: &[&str]) -> Shown {
        if self.exists("#show-chooser:not([hidden])") {
            self.click("#show-chooser");
        }
        self.element("#chooser:not([hidden])");
        self.choose("game", game);
        options(self);
        for (seat, player) in seats.iter().enumerate() {
            self.choose(&format!("seat-{seat}"), player);
        }
        self.click("#start-game");
        let game_name = game.to_owned();
        self.browser.wait_for(
            &format!("the board of a new {game}"),
            || {
                let shown = self.shown();
                let new = shown.game == game_name && shown.version == 0 && !shown.busy;
                new.then_some(shown)
            },
            || format!("the page shows {:?}", self.shown()),
        );
        self.settled(0)
    }

    /// The page's record of its game, saved by clicking `#save`: the file the browser
    /// downloaded.
    fn save(&self) -> String {
        let href = self
            .browser
            .property(&self.element("#save"), "href")
            .unwrap_or_else(|e| panic!("{e}"));
        let href = href.as_str().expect("the record's address").to_owned();
        let id = href
            .trim_end_matches("/record")
            .rsplit('/')
            .next()
            .expect("the game's id")
            .to_owned();
        let game = self.shown().game;
        let extension = match game.as_str() {
            "abalone" => "txt",
            "backgammon" => "mat",
            _ => "pgn",
        };
        let file = self
            .browser
            .downloads()
            .join(format!("{game}-{id}.{extension}"));
        let _ = std::fs::remove_file(&file);
        self.click("#save");
        self.browser.wait_for(
            &format!("the download of {}", file.display()),
            // Chromium may make the file before it writes it: a record ends with a newline.
            || {
                std::fs::read_to_string(&file)
                    .ok()
                    .filter(|t| t.ends_with('\n'))
            },
            || {
                let names: Vec<String> = std::fs::read_dir(self.browser.downloads())
                    .map(|d| {
                        d.filter_map(Result::ok)
                            .map(|e| e.file_name().to_string_lossy().into_owned())
                            .collect()
                    })
                    .unwrap_or_default();
                format!("the download directory holds {names:?}")
            },
        )
    }

    /// Saves a screenshot to `docs/web/NAME.png` when `BOARDGAMES_SCREENSHOTS=1`.
    fn screenshot(&self, name: &str) {
        if !flag("BOARDGAMES_SCREENSHOTS") {
            return;
        }
        // Tall enough for the whole Pente board.
        self.browser.set_window_size(1280, 1060);
        self.browser
            .execute("window.scrollTo(0, 0); return null;", &[]);
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/web");
        std::fs::create_dir_all(&dir).expect("docs/web");
        let png = self.browser.screenshot();
        self.browser.set_window_size(1280, 900);
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot written");
    }

    /// Clicks `#hint` and waits for the hint: its move (`#hint-text`'s `data-move`, which its
    /// text names).
    fn hint(&self) -> String {
        self.click("#hint");
        let text = self.browser.wait_for(
            "the hint",
            || {
                let v = self.browser.execute(
                    r##"const h = document.getElementById("hint-text");
                       return h.textContent ? [h.textContent, h.dataset.move || ""] : null;"##,
                    &[],
                );
                let a = v.as_array()?;
                let (words, mv) = (a[0].as_str()?, a[1].as_str()?);
                assert!(words.contains(mv), "{words:?} names the hint {mv}");
                Some(mv.to_owned())
            },
            || format!("the page shows {:?}", self.shown()),
        );
        text
    }
}

/// The turn as `#status` names it: the seat, `chance` or `over`.
fn turn_name<G: Game>(pos: &G) -> String {
    match pos.turn() {
        Turn::Seat(s) => s.0.to_string(),
        Turn::Chance => "chance".to_owned(),
        Turn::Over => "over".to_owned(),
    }
}

/// A step as the page's list of moves writes it.
fn step_text<G: Game>(step: &Applied<G>) -> String {
    match step {
        Applied::Move(m) => m.to_string(),
        Applied::Chance(c) => c.to_string(),
    }
}

/// A game followed by the library: its start, the steps so far, the position reached, and
/// how many of its seats people play.
struct Followed<G: Game> {
    start: G,
    steps: Vec<Applied<G>>,
    pos: G,
    people: usize,
}

impl<G: Game> Followed<G> {
    fn new(start: G) -> Followed<G> {
        Followed {
            pos: start.clone(),
            start,
            steps: Vec::new(),
            people: 0,
        }
    }

    /// Follows what the page's list of moves adds to the steps so far: `mine` first (the
    /// move just clicked, if any), then the computer's moves and the dice, each parsed and
    /// played by the library (so legal in the position).
    fn follow(&mut self, history: &[String], mine: Option<&str>) {
        let known: Vec<String> = self.steps.iter().map(step_text).collect();
        assert!(
            history.len() >= known.len() && history[..known.len()] == known[..],
            "the page's moves {history:?} go on from {known:?}"
        );
        let mut expect_mine = mine;
        for text in &history[known.len()..] {
            let step = if self.pos.turn() == Turn::Chance {
                Applied::Chance(
                    self.pos
                        .parse_chance(text)
                        .unwrap_or_else(|e| panic!("{text}: {e:?}")),
                )
            } else {
                if let Some(mine) = expect_mine.take() {
                    assert_eq!(text, mine, "the move clicked is the move played");
                }
                Applied::Move(
                    self.pos
                        .parse_move(text)
                        .unwrap_or_else(|e| panic!("{text}: {e:?}")),
                )
            };
            step.apply(&mut self.pos).expect("the step applied");
            self.steps.push(step);
        }
        assert!(expect_mine.is_none(), "{mine:?} was played: {history:?}");
    }

    /// Takes back the steps after the first `keep`, replaying the rest from the start.
    fn truncate(&mut self, keep: usize) {
        self.steps.truncate(keep);
        let mut pos = self.start.clone();
        for step in &self.steps {
            step.apply(&mut pos).expect("replayed");
        }
        self.pos = pos;
    }

    /// The number of moves (not chance) so far.
    fn moves(&self) -> usize {
        self.steps
            .iter()
            .filter(|s| matches!(s, Applied::Move(_)))
            .count()
    }

    /// The record's result of a two-seat game as its program writes it.
    fn result(&self) -> Option<RecordedResult> {
        match self.pos.outcome()?.result {
            GameResult::Draw => Some(RecordedResult::Draw),
            GameResult::Win { winner, .. } if winner.0 == 0 => {
                Some(RecordedResult::FirstPlayerWins)
            }
            GameResult::Win { .. } => Some(RecordedResult::SecondPlayerWins),
        }
    }
}

/// The text a record writer gives, with the line break the server ends every record with.
fn with_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

// ---- Pente ----

/// The Pente board the page shows against the library's position.
fn check_pente(page: &Page, game: &Followed<Pente>) {
    let after = format!("after {} moves", game.steps.len());
    check_pente_board(page, "board", &game.pos, &after);
    let turn = page.browser.execute(
        r##"return document.getElementById("status").dataset.turn;"##,
        &[],
    );
    assert_eq!(turn, json!(turn_name(&game.pos)), "whose turn");
}

/// The stones and captures drawn in `svg#ID` against the library's position `pos`.
fn check_pente_board(page: &Page, id: &str, pos: &Pente, when: &str) {
    let shown = page.browser.execute(
        r##"const svg = document.getElementById(arguments[0]);
           return {
             stones: Array.from(svg.querySelectorAll("[data-stone]"),
                                (e) => [e.dataset.point, Number(e.dataset.stone)]),
             captures: svg.dataset.captures,
           };"##,
        &[json!(id)],
    );
    let mut stones: Vec<(String, u8)> = shown["stones"]
        .as_array()
        .expect("stones")
        .iter()
        .map(|s| {
            (
                s[0].as_str().expect("a point").to_owned(),
                u8::try_from(s[1].as_u64().expect("a seat")).expect("a seat"),
            )
        })
        .collect();
    stones.sort();
    let mut expected: Vec<(String, u8)> = Point::all()
        .filter_map(|p| pos.at(p).map(|s| (p.to_string(), s.0)))
        .collect();
    expected.sort();
    assert_eq!(stones, expected, "the stones {when}");
    let [x, o] = pos.captures();
    assert_eq!(
        shown["captures"],
        json!(format!("{x} {o}")),
        "the captures {when}"
    );
}

/// Clicks the Pente point `point` and follows the move.
fn click_pente(page: &Page, game: &mut Followed<Pente>, point: &str) {
    let version = page.shown().version;
    page.click(&format!(
        "#board [data-point=\"{point}\"][data-legal=\"true\"]"
    ));
    let shown = page.settled(version + 1);
    game.follow(&shown.history, Some(point));
    check_pente(page, game);
}

fn pente(page: &Page) {
    page.start(
        "pente",
        |p| {
            assert_eq!(
                p.browser
                    .property(&p.element("#tournament-rule"), "checked")
                    .ok(),
                Some(json!(true))
            )
        },
        &["human", "human"],
    );
    let mut game = Followed::new(Pente::new(
        Variant::Pente,
        OpeningRule::from_tournament_rule(true),
    ));
    check_pente(page, &game);
    // X opens on the centre; X's second stone (K14) is outside the centre's 5 x 5 square as
    // the tournament rule asks. X's N13 flanks O's L11-M12 from K10 and captures the pair;
    // K11 then completes K10-K14, a five.
    let script = [
        "K10", "L11", "K14", "M12", "N13", "A1", "K13", "A2", "K12", "A3", "K11",
    ];
    for (i, point) in script.iter().enumerate() {
        if i == 6 {
            // Undo: the board goes back to the position before the move.
            let before = game.steps.len();
            click_pente(page, &mut game, point);
            let version = page.shown().version;
            page.click("#undo");
            let shown = page.settled(version + 1);
            game.truncate(before);
            game.follow(&shown.history, None);
            assert_eq!(game.steps.len(), before, "one move taken back");
            check_pente(page, &game);
        }
        if i == script.len() - 1 {
            let hinted = page.hint();
            assert!(
                game.pos.parse_move(&hinted).is_ok(),
                "the hint {hinted} is a legal move"
            );
            assert!(
                page.exists("#board [data-hinted=\"true\"]"),
                "the hint {hinted} is marked on the board"
            );
        }
        click_pente(page, &mut game, point);
        if i == 4 {
            assert_eq!(game.pos.captures(), [2, 0], "N13 captured a pair");
            assert_eq!(
                page.browser
                    .find_all("[data-captured]")
                    .map(|v| v.len())
                    .ok(),
                Some(2),
                "the captured stones are marked"
            );
        }
    }
    assert_eq!(game.pos.turn(), Turn::Over, "the five ends the game");
    assert_eq!(game.pos.winner().map(|s| s.0), Some(0));
    let shown = page.shown();
    assert_eq!(shown.turn, "over");
    assert_eq!(shown.status, game.pos.status_line());
    assert!(page.exists("#status[data-over=\"true\"]"));
    assert!(
        !page.exists("[data-legal]"),
        "no point is offered after the end"
    );
    page.screenshot("pente");

    let mut record = Record::of_game(&game.start, &game.steps).expect("a record");
    record.result = game.result();
    let expected = PenteOrg::new(game.start).write(&[record]).expect("written");
    assert_eq!(
        page.save(),
        with_newline(expected),
        "the saved Pente record"
    );
}

// ---- Abalone ----

/// The Abalone board the page shows against the library's position.
fn check_abalone<const S: usize>(page: &Page, game: &Followed<Position<S>>) {
    let shown = page.browser.execute(
        r##"const svg = document.getElementById("board");
           return {
             marbles: Array.from(svg.querySelectorAll("circle.marble"),
                                 (e) => [e.dataset.cell, Number(e.dataset.owner)]),
             ejected: svg.dataset.ejected,
             lost: svg.dataset.lost,
             turn: document.getElementById("status").dataset.turn,
           };"##,
        &[],
    );
    let mut marbles: Vec<(String, u8)> = shown["marbles"]
        .as_array()
        .expect("marbles")
        .iter()
        .map(|m| {
            (
                m[0].as_str().expect("a cell").to_owned(),
                u8::try_from(m[1].as_u64().expect("an owner")).expect("a seat"),
            )
        })
        .collect();
    marbles.sort();
    let mut expected: Vec<(String, u8)> = Cell::all()
        .filter_map(|c| {
            game.pos
                .at(c)
                .map(|colour| (c.to_string(), colour.seat().0))
        })
        .collect();
    expected.sort();
    let after = game.steps.len();
    assert_eq!(marbles, expected, "the marbles after {after} moves");
    let colours = &Colour::SEATS[..S];
    let counts = |f: &dyn Fn(Colour) -> usize| {
        colours
            .iter()
            .map(|&c| f(c).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(shown["ejected"], json!(counts(&|c| game.pos.ejected_by(c))));
    assert_eq!(shown["lost"], json!(counts(&|c| game.pos.lost(c))));
    assert_eq!(shown["turn"], json!(turn_name(&game.pos)), "whose turn");
}

/// How the person picks a move after selecting its marbles.
#[derive(Copy, Clone, Debug)]
enum Pick {
    /// The arrow of its direction.
    Arrow,
    /// A highlighted cell a marble moves to.
    Target,
    /// The move among the listed moves of the selection.
    Listed,
    /// The arrow of its direction, which the hint marks.
    Hinted,
}

/// Plays `mv` for the person by clicks: its marbles selected one by one, then `pick`; the
/// computer's replies followed. Answers the version the page showed before.
fn click_abalone<const S: usize>(
    page: &Page,
    game: &mut Followed<Position<S>>,
    mv: AbaloneMove,
    pick: Pick,
) -> i64 {
    let text = mv.to_string();
    let version = page.shown().version;
    if matches!(pick, Pick::Hinted) {
        // The hint is marked before anything is selected: its marbles and its direction.
        for cell in mv.cells() {
            page.element(&format!("[data-hint-marble=\"{cell}\"]"));
        }
        page.element(&format!(
            ".hint-arrow[data-hint-dir=\"{}\"]",
            mv.direction().name()
        ));
    }
    for cell in mv.cells() {
        page.click(&format!("circle.marble[data-cell=\"{cell}\"]"));
        page.element(&format!("circle.marble.selected[data-cell=\"{cell}\"]"));
    }
    // Nothing drawn for the selection covers the centre of a marble the person can select.
    let covered = page.browser.execute(
        r##"return Array.from(document.querySelectorAll("#board circle.marble.selectable"))
             .filter((m) => {
               const r = m.getBoundingClientRect();
               return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) !== m;
             }).map((m) => m.dataset.cell);"##,
        &[],
    );
    assert_eq!(
        covered,
        json!([]),
        "own marbles under the arrows or targets"
    );
    match pick {
        Pick::Arrow | Pick::Hinted => {
            if matches!(pick, Pick::Hinted) {
                assert!(
                    page.exists(&format!(
                        ".arrow[data-move=\"{text}\"][data-hinted=\"true\"]"
                    )),
                    "the hint {text} is marked"
                );
            }
            let dir = mv.direction().name();
            page.element(&format!(".arrow[data-dir=\"{dir}\"][data-move=\"{text}\"]"));
            page.click(&format!(
                ".arrow[data-dir=\"{dir}\"][data-move=\"{text}\"] circle"
            ));
        }
        Pick::Target => page.click_visible(&format!("[data-target][data-move=\"{text}\"]")),
        Pick::Listed => page.click(&format!("#actions button[data-move=\"{text}\"]")),
    }
    let shown = page.settled(version + 1);
    assert_eq!(shown.error, "", "no error shown");
    game.follow(&shown.history, Some(&text));
    check_abalone(page, game);
    version
}

/// The person's move: one that ejects or pushes if any, else one of `marbles` marbles (the
/// `n`th such in the library's order, wrapping).
fn abalone_choice<const S: usize>(pos: &Position<S>, marbles: usize, n: usize) -> AbaloneMove {
    let moves = pos.moves();
    let moves: Vec<AbaloneMove> = moves.iter().copied().collect();
    if let Some(&m) = moves.iter().find(|m| m.ejects()) {
        return m;
    }
    if let Some(&m) = moves.iter().find(|m| m.pushed() > 0) {
        return m;
    }
    let shaped: Vec<AbaloneMove> = moves
        .iter()
        .copied()
        .filter(|m| m.marbles() == marbles)
        .collect();
    let from = if shaped.is_empty() { &moves } else { &shaped };
    from[n * 7 % from.len()]
}

fn abalone_two(page: &Page) {
    // A whole game: twelve moves a side, then the move limit ends it, adjudicated.
    page.start(
        "abalone",
        |p| {
            p.choose("players", "2");
            p.move_limit(24);
        },
        &["human", "1"],
    );
    let mut start =
        Position::<2>::new(Layout::default_for(2).expect("a layout")).expect("the start");
    start.set_move_limit(Some(24));
    let mut game = Followed::new(start);
    check_abalone(page, &game);
    let picks = [Pick::Arrow, Pick::Target, Pick::Listed];
    let mut person = 0;
    let mut undone = false;
    while person < 12 {
        assert_eq!(game.pos.turn(), Turn::Seat(boardgames_core::Seat(0)));
        let pick = picks[person % 3];
        let marbles = match pick {
            Pick::Target => 1,
            Pick::Arrow | Pick::Hinted => 2 + person % 2,
            Pick::Listed => 2,
        };
        let mut mv = abalone_choice(&game.pos, marbles, person);
        let mut pick = pick;
        if person == 4 {
            // The person follows the hint: its marbles selected, its arrow is marked.
            let hinted = page.hint();
            mv = game
                .pos
                .parse_move(&hinted)
                .unwrap_or_else(|e| panic!("the hint {hinted}: {e:?}"));
            pick = Pick::Hinted;
        }
        if person == 6 {
            // The selection's arrows, for the screenshot.
            let first = mv.cells().next().expect("a marble");
            page.click(&format!("circle.marble[data-cell=\"{first}\"]"));
            page.element(".arrow");
            page.screenshot("abalone");
            page.click(&format!("circle.marble[data-cell=\"{first}\"]"));
            page.browser.wait_for(
                "the selection cleared",
                || (!page.exists(".marble.selected")).then_some(()),
                String::new,
            );
        }
        let before = game.steps.len();
        click_abalone(page, &mut game, mv, pick);
        if person == 7 && !undone {
            undone = true;
            // Undo takes back the computer's reply and the person's move.
            let version = page.shown().version;
            page.click("#undo");
            let shown = page.settled(version + 1);
            game.truncate(before);
            game.follow(&shown.history, None);
            assert_eq!(game.steps.len(), before, "back to the person's turn");
            check_abalone(page, &game);
            continue;
        }
        person += 1;
    }
    assert_eq!(game.moves(), 24, "{} plies", game.moves());
    assert_eq!(game.pos.turn(), Turn::Over, "the move limit ends the game");
    check_abalone(page, &game);
    let mut record = Record::of_game(&game.start, &game.steps).expect("a record");
    record.result = game.result();
    let expected = AbaPro::new(game.start).write(&[record]).expect("written");
    assert_eq!(
        page.save(),
        with_newline(expected),
        "the saved Abalone record"
    );
}

fn abalone_six(page: &Page) {
    // A whole game: three rounds, then the move limit ends it, adjudicated.
    page.start(
        "abalone",
        |p| {
            p.choose("players", "6");
            p.move_limit(18);
        },
        &["human", "1", "1", "1", "1", "1"],
    );
    let mut start =
        Position::<6>::new(Layout::default_for(6).expect("a layout")).expect("the start");
    start.set_move_limit(Some(18));
    let mut game = Followed::new(start);
    check_abalone(page, &game);
    for round in 0..3 {
        let pick = [Pick::Listed, Pick::Arrow, Pick::Target][round];
        let marbles = [2, 3, 1][round];
        let mv = abalone_choice(&game.pos, marbles, round);
        click_abalone(page, &mut game, mv, pick);
    }
    assert_eq!(game.moves(), 18, "three rounds of six");
    assert_eq!(game.pos.turn(), Turn::Over, "the move limit ends the game");
    check_abalone(page, &game);
    page.screenshot("abalone-6");
}

// ---- backgammon ----

/// The backgammon board the page shows against the library's session.
fn check_backgammon(page: &Page, game: &Followed<Match>) {
    let after = format!("after {} steps", game.steps.len());
    // Between two people the points are numbered from the side on roll's side.
    let on_roll = (game.people == 2).then(|| match game.pos.side_on_roll() {
        Side::X => "x",
        Side::O => "o",
    });
    check_backgammon_board(page, "board", &game.pos, &after, on_roll);
    let turn = page.browser.execute(
        r##"return document.getElementById("status").dataset.turn;"##,
        &[],
    );
    assert_eq!(turn, json!(turn_name(&game.pos)), "whose turn");
}

/// The backgammon board drawn in `svg#ID` against the library's session `m`; and no die
/// drawn over a point's number; the points numbered from `on_roll`'s side when given, else
/// from the viewer's ([`check_backgammon_view`]).
fn check_backgammon_board(page: &Page, id: &str, m: &Match, when: &str, on_roll: Option<&str>) {
    let shown = page.browser.execute(
        r##"const svg = document.getElementById(arguments[0]);
           const count = (e) => [Number(e.dataset.x), Number(e.dataset.o)];
           const cube = svg.querySelector(".cube");
           const boxes = (css) => Array.from(svg.querySelectorAll(css), (e) => e.getBBox());
           const meet = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width
                                  && a.y < b.y + b.height && b.y < a.y + a.height;
           const numbers = boxes("[data-column] > text");
           return {
             points: Array.from(svg.querySelectorAll("polygon[data-point]"),
                                (e) => [Number(e.dataset.point)].concat(count(e))),
             bar: count(svg.querySelector('[data-point="bar"]')),
             off: count(svg.querySelector('[data-point="off"]')),
             dice: Array.from(svg.querySelectorAll("[data-die]"), (e) => Number(e.dataset.die)),
             covered: boxes("[data-die]").filter((d) => numbers.some((n) => meet(d, n))).length,
             cube: [Number(cube.dataset.value), cube.dataset.owner],
             score: svg.dataset.score,
             phase: svg.dataset.phase,
             view: svg.dataset.view,
             numbering: svg.dataset.numbering,
             labels: Array.from(svg.querySelectorAll("polygon[data-point]"), (e) => {
               const box = e.getBBox();
               const label = e.parentNode.querySelector("text");
               return [Number(e.dataset.point), Number(label.textContent),
                       box.x + box.width / 2, box.y + box.height / 2];
             }),
           };"##,
        &[json!(id)],
    );
    let b = m.position().board();
    let points: Vec<Value> = (1..=24usize)
        .map(|p| json!([p, b.count(Side::X, p), b.count(Side::O, 25 - p)]))
        .collect();
    assert_eq!(shown["points"], json!(points), "the points {when}");
    assert_eq!(
        shown["bar"],
        json!([b.bar(Side::X), b.bar(Side::O)]),
        "the bar {when}"
    );
    assert_eq!(
        shown["off"],
        json!([b.off(Side::X), b.off(Side::O)]),
        "borne off {when}"
    );
    let dice: Vec<u8> = m
        .position()
        .dice()
        .map(|d| vec![d.high(), d.low()])
        .unwrap_or_default();
    assert_eq!(shown["dice"], json!(dice), "the dice {when}");
    assert_eq!(
        shown["covered"],
        json!(0),
        "dice over a point's number {when}"
    );
    let owner = match m.cube_owner() {
        Some(Side::X) => "x",
        Some(Side::O) => "o",
        None => "centre",
    };
    assert_eq!(
        shown["cube"],
        json!([m.cube_value(), owner]),
        "the cube {when}"
    );
    let [x, o] = m.score();
    assert_eq!(
        shown["score"],
        json!(format!("{x} {o}")),
        "the score {when}"
    );
    let phase = match m.phase() {
        Phase::Opening => "opening",
        Phase::ToRoll => "to_roll",
        Phase::Rolling => "rolling",
        Phase::DoubleOffered => "double_offered",
        Phase::ResignationOffered { .. } => "resignation_offered",
        Phase::ToPlay => "to_play",
        Phase::Over(_) => "over",
    };
    assert_eq!(shown["phase"], json!(phase), "the phase {when}");
    check_backgammon_view(&shown, when, on_roll);
}

/// The board drawn from its viewer's side (`x` or `o`): the viewer's points 1 to 12 in the
/// bottom row from right to left, 13 to 24 in the top row from left to right; each point
/// labelled in the numbering the board gives (`data-numbering`): the viewer's, or in a game
/// of two people the side on roll's (`on_roll`, when given).
fn check_backgammon_view(shown: &Value, when: &str, on_roll: Option<&str>) {
    let view = shown["view"].as_str().expect("a viewer");
    let numbering = shown["numbering"].as_str().expect("a numbering");
    assert_eq!(numbering, on_roll.unwrap_or(view), "the numbering {when}");
    let labels = shown["labels"].as_array().expect("the labels");
    assert_eq!(labels.len(), 24, "{when}");
    // The centre of each point by its number in the viewer's numbering.
    let mut at = [(0.0, 0.0); 25];
    for entry in labels {
        let n = |i: usize| entry[i].as_f64().expect("a number");
        let (point, label) = (n(0) as usize, n(1) as usize);
        let from = |side: &str| if side == "o" { 25 - point } else { point };
        assert_eq!(
            label,
            from(numbering),
            "point {point} labelled from {numbering}'s side {when}"
        );
        at[from(view)] = (n(2), n(3));
    }
    for label in 1..=23 {
        let ((x, y), (next_x, next_y)) = (at[label], at[label + 1]);
        match label {
            1..=11 => assert!(
                next_x < x && next_y == y,
                "{label} then {} {when}",
                label + 1
            ),
            12 => assert!(next_x == x && next_y < y, "12 below 13 {when}"),
            _ => assert!(
                next_x > x && next_y == y,
                "{label} then {} {when}",
                label + 1
            ),
        }
    }
}

/// Clicks the decision `text` (`css` its button) and follows it.
fn click_backgammon(page: &Page, game: &mut Followed<Match>, css: &str, text: &str) {
    let version = page.shown().version;
    page.click(css);
    let shown = page.settled(version + 1);
    assert_eq!(shown.error, "", "no error shown");
    game.follow(&shown.history, Some(text));
    check_backgammon(page, game);
}

/// The plays listed now.
fn listed_plays(page: &Page) -> Vec<String> {
    let mut listed: Vec<String> = page
        .browser
        .execute(
            r##"return Array.from(document.querySelectorAll("#play-list button[data-move]"),
                                 (b) => b.dataset.move);"##,
            &[],
        )
        .as_array()
        .expect("the plays")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_owned())
        .collect();
    listed.sort();
    listed
}

/// Clicks a checker of the mover on a point that plays start from (the one nearest the
/// point's tip): the list shows only the plays with a checker from that point, which it
/// answers (sorted); `None` when no play starts from a point.
fn filter_by_point(page: &Page, m: &Match) -> Option<Vec<String>> {
    let side = m.side_on_roll();
    // A step's start in X's numbering, as the page numbers the points.
    let from_point = |from: u8| match usize::from(from) {
        p @ 1..=24 if side == Side::X => Some(p),
        p @ 1..=24 => Some(25 - p),
        _ => None,
    };
    let moves = m.moves();
    let point = moves
        .iter()
        .filter_map(|a| match a {
            // A play's first step starts where a checker stands now (a later step may
            // start where an earlier one arrived).
            MatchAction::Play(p) => p.steps().next().and_then(|s| from_point(s.from)),
            _ => None,
        })
        .min()?;
    let checker = if side == Side::X { "x" } else { "o" };
    let css = format!("circle[data-checker=\"{checker}\"][data-where=\"{point}\"]");
    let count = page.browser.find_all(&css).map_or(0, |c| c.len());
    page.click(&format!("{css}:nth-of-type({count})"));
    let mut expected: Vec<String> = moves
        .iter()
        .filter(|a| match a {
            MatchAction::Play(p) => p.steps().any(|s| from_point(s.from) == Some(point)),
            _ => false,
        })
        .map(ToString::to_string)
        .collect();
    expected.sort();
    page.browser.wait_for(
        &format!("the plays from point {point}"),
        || (listed_plays(page) == expected).then_some(()),
        || format!("the page lists {:?}, not {expected:?}", listed_plays(page)),
    );
    Some(expected)
}

/// The play a person in a hurry picks: no hit if it can be helped, then the fewest pips
/// left (bearing off with the higher die).
fn backgammon_choice(m: &Match, listed: &[String]) -> String {
    let side = m.side_on_roll();
    let key = |text: &String| {
        let action = m
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let mut after = m.clone();
        after.play(action).expect("a legal play");
        let b = after.position().board();
        let hits = b.bar(side.other()) - m.position().board().bar(side.other());
        (hits, b.pip_count(side))
    };
    listed
        .iter()
        .min_by_key(|t| key(t))
        .expect("a play listed")
        .clone()
}

/// A new backgammon game started by the chooser, a match to `length` points (0: a money
/// game, no Jacoby, no beavers) with `seats`, followed from its first state and checked.
fn start_backgammon(page: &Page, length: u16, seats: &[&str]) -> Followed<Match> {
    page.start(
        "backgammon",
        |p| {
            let field = p.element("#match-length");
            p.browser
                .type_into(&field, &length.to_string())
                .unwrap_or_else(|e| panic!("{e}"));
        },
        seats,
    );
    let rules = if length == 0 {
        MatchRules::money(false)
    } else {
        MatchRules::to_points(length)
    };
    let mut game = Followed::new(Match::new(rules));
    game.people = seats.iter().filter(|&&s| s == "human").count();
    game.follow(&page.shown().history, None);
    check_backgammon(page, &game);
    game
}

fn backgammon(page: &Page) {
    let mut game = start_backgammon(page, 2, &["human", "human"]);
    let mut doubled = false;
    let mut filtered = 0;
    let mut shot = false;
    while game.pos.turn() != Turn::Over {
        assert!(game.steps.len() < 2000, "the match goes on and on");
        match game.pos.phase() {
            Phase::ToRoll if !doubled && game.pos.can_double() => {
                click_backgammon(
                    page,
                    &mut game,
                    "#actions button[data-move=\"double\"]",
                    "double",
                );
                doubled = true;
                assert_eq!(game.pos.phase(), Phase::DoubleOffered);
            }
            Phase::ToRoll => click_backgammon(
                page,
                &mut game,
                "#actions button[data-move=\"roll\"]",
                "roll",
            ),
            Phase::DoubleOffered => {
                click_backgammon(
                    page,
                    &mut game,
                    "#actions button[data-move=\"take\"]",
                    "take",
                );
                assert_eq!(game.pos.cube_value(), 2, "the double taken");
            }
            Phase::ToPlay => {
                let listed = listed_plays(page);
                let mut expected: Vec<String> = game
                    .pos
                    .moves()
                    .iter()
                    .map(ToString::to_string)
                    .filter(|t| {
                        !matches!(t.as_str(), "double" | "roll") && !t.starts_with("resign")
                    })
                    .collect();
                expected.sort();
                assert_eq!(listed, expected, "the plays listed are the legal plays");
                let mut chosen = backgammon_choice(&game.pos, &listed);
                if doubled && !shot {
                    page.screenshot("backgammon");
                    shot = true;
                }
                if filtered < 2 {
                    // A play chosen among those of one point; the next turn lists all of
                    // its plays again (checked above).
                    if let Some(from_point) = filter_by_point(page, &game.pos) {
                        chosen = backgammon_choice(&game.pos, &from_point);
                        filtered += 1;
                    }
                }
                let css = format!("#play-list button[data-move=\"{chosen}\"]");
                click_backgammon(page, &mut game, &css, &chosen);
            }
            other => panic!("a person's turn in phase {other:?}"),
        }
    }
    assert!(doubled, "a double was offered");
    assert!(game.pos.score().iter().any(|&s| s >= 2), "the match is won");
    assert!(page.exists("#status[data-over=\"true\"]"));
    let record = Record::of_game(&game.start, &game.steps).expect("a record");
    let expected = MatchText.write(&[record]).expect("written");
    assert_eq!(page.save(), with_newline(expected), "the saved match");
}

/// A 3-point match, the computer (level 1) X and a person O: the board drawn from O's side,
/// the person's first decisions clicked, the computer's answers followed.
fn backgammon_as_o(page: &Page) {
    let mut game = start_backgammon(page, 3, &["1", "human"]);
    let view = page.browser.execute(
        r##"return document.getElementById("board").dataset.view;"##,
        &[],
    );
    assert_eq!(view, json!("o"), "the board seen from the person's side");
    let mut plays = 0;
    while plays < 4 && game.pos.turn() != Turn::Over {
        assert_eq!(game.pos.turn(), Turn::Seat(Seat(1)), "the person's turn");
        match game.pos.phase() {
            Phase::ToRoll => click_backgammon(
                page,
                &mut game,
                "#actions button[data-move=\"roll\"]",
                "roll",
            ),
            Phase::DoubleOffered => click_backgammon(
                page,
                &mut game,
                "#actions button[data-move=\"take\"]",
                "take",
            ),
            Phase::ToPlay => {
                let listed = listed_plays(page);
                let chosen = match filter_by_point(page, &game.pos) {
                    Some(from_point) => backgammon_choice(&game.pos, &from_point),
                    None => backgammon_choice(&game.pos, &listed),
                };
                let css = format!("#play-list button[data-move=\"{chosen}\"]");
                click_backgammon(page, &mut game, &css, &chosen);
                plays += 1;
            }
            other => panic!("a person's turn in phase {other:?}"),
        }
    }
    assert!(
        plays == 4 || game.pos.turn() == Turn::Over,
        "the person played"
    );
}

// ---- the keyboard alone ----

/// WebDriver's codes of the keys the page answers.
mod key {
    pub const LEFT: char = '\u{E012}';
    pub const UP: char = '\u{E013}';
    pub const RIGHT: char = '\u{E014}';
    pub const DOWN: char = '\u{E015}';
    pub const ENTER: char = '\u{E007}';
    pub const HOME: char = '\u{E011}';
    pub const END: char = '\u{E010}';
}

/// Takes the focus off whatever has it (the button that started the game), as a person
/// does who goes on with the keyboard on the board.
fn focus_page(page: &Page) {
    page.browser.execute(
        "if (document.activeElement) document.activeElement.blur(); return null;",
        &[],
    );
}

/// The cell or point under the keyboard's cursor on `#board`.
fn cursor(page: &Page) -> String {
    let at = page.browser.execute(
        r##"const c = document.querySelector("#board [data-cursor]");
           return c ? c.dataset.cursor : "";"##,
        &[],
    );
    at.as_str().unwrap_or_default().to_owned()
}

/// A point or cell name (`K10`, `E5`) as its letter's index and its number.
fn letter_number(name: &str, letters: &str) -> (i64, i64) {
    let letter = name.chars().next().expect("a letter");
    let column = letters.find(letter).expect("a known letter");
    let number = name[1..].parse().expect("a number");
    (i64::try_from(column).expect("small"), number)
}

/// Moves the keyboard's cursor to `target` with the arrow keys, one key at a time; `keys`
/// gives the arrow that brings the cursor nearer from where it is.
fn walk_cursor(page: &Page, target: &str, keys: impl Fn(&str) -> char) {
    for _ in 0..40 {
        let here = cursor(page);
        if here == target {
            return;
        }
        page.browser.keys(&keys(&here).to_string());
        page.browser.wait_for(
            &format!("the cursor moved on from {here} towards {target}"),
            || (cursor(page) != here).then_some(()),
            || format!("the cursor stays at {}", cursor(page)),
        );
    }
    panic!("the cursor never reached {target}: at {}", cursor(page));
}

/// Pente between two people played with the arrow keys and Enter or Space alone.
fn pente_keys(page: &Page) {
    page.start("pente", |_| {}, &["human", "human"]);
    focus_page(page);
    let mut game = Followed::new(Pente::new(
        Variant::Pente,
        OpeningRule::from_tournament_rule(true),
    ));
    let letters = "ABCDEFGHJKLMNOPQRST";
    for (point, place) in [
        ("K10", key::ENTER),
        ("L9", ' '),
        ("N12", key::ENTER),
        ("J9", ' '),
    ] {
        assert!(
            game.pos.moves().iter().any(|m| m.to_string() == point),
            "{point} is legal"
        );
        let (column, row) = letter_number(point, letters);
        walk_cursor(page, point, |here| {
            let (c, r) = letter_number(here, letters);
            if c < column {
                key::RIGHT
            } else if c > column {
                key::LEFT
            } else if r < row {
                key::UP
            } else {
                key::DOWN
            }
        });
        let version = page.shown().version;
        page.browser.keys(&place.to_string());
        let shown = page.settled(version + 1);
        assert_eq!(shown.error, "", "no error shown");
        game.follow(&shown.history, Some(point));
        check_pente(page, &game);
    }
}

/// Abalone for two against the computer at level 1: two moves of the person's played with
/// the cursor, Space on each marble, the direction's digit and Enter.
fn abalone_keys(page: &Page) {
    page.start(
        "abalone",
        |p| {
            p.choose("players", "2");
            p.move_limit(0);
        },
        &["human", "1"],
    );
    focus_page(page);
    let mut game = Followed::new(
        Position::<2>::new(Layout::default_for(2).expect("a layout")).expect("the start"),
    );
    let rows = "ABCDEFGHI";
    for marbles in [2, 3] {
        let mv = abalone_choice(&game.pos, marbles, marbles);
        let text = mv.to_string();
        for cell in mv.cells() {
            let target = cell.to_string();
            let (row, number) = letter_number(&target, rows);
            walk_cursor(page, &target, |here| {
                let (r, n) = letter_number(here, rows);
                if r < row {
                    key::UP
                } else if r > row {
                    key::DOWN
                } else if n < number {
                    key::RIGHT
                } else {
                    key::LEFT
                }
            });
            page.browser.keys(" ");
            page.element(&format!("circle.marble.selected[data-cell=\"{target}\"]"));
        }
        let dir = mv.direction().name();
        let digit = ["E", "NE", "NW", "W", "SW", "SE"]
            .iter()
            .position(|d| *d == dir)
            .expect("a direction")
            + 1;
        page.browser.keys(&digit.to_string());
        page.element(&format!(
            ".arrow[data-dir=\"{dir}\"][data-move=\"{text}\"][data-chosen=\"true\"]"
        ));
        let version = page.shown().version;
        page.browser.keys(&key::ENTER.to_string());
        let shown = page.settled(version + 1);
        assert_eq!(shown.error, "", "no error shown");
        game.follow(&shown.history, Some(&text));
        check_abalone(page, &game);
    }
    assert_eq!(game.moves(), 4, "two moves and the computer's replies");
}

/// Backgammon between two people by keys alone: a double (d) taken (t), rolls (r), and
/// three plays chosen with the down arrow and played with Enter.
fn backgammon_keys(page: &Page) {
    let mut game = start_backgammon(page, 0, &["human", "human"]);
    focus_page(page);
    let mut plays = 0;
    let mut doubled = false;
    while plays < 3 {
        let version = page.shown().version;
        let (keys, text) = match game.pos.phase() {
            Phase::ToRoll if !doubled && game.pos.can_double() => {
                doubled = true;
                ("d".to_owned(), "double".to_owned())
            }
            Phase::ToRoll => ("r".to_owned(), "roll".to_owned()),
            Phase::DoubleOffered => ("t".to_owned(), "take".to_owned()),
            Phase::ToPlay => {
                let listed = listed_plays(page);
                let chosen = backgammon_choice(&game.pos, &listed);
                let chosen_now = || {
                    page.browser.execute(
                        r##"const b = document.querySelector('#play-list button[data-chosen="true"]');
                           return b && document.activeElement === b ? b.dataset.move : null;"##,
                        &[],
                    )
                };
                for _ in 0..=listed.len() {
                    if chosen_now() == json!(chosen) {
                        break;
                    }
                    let before = chosen_now();
                    page.browser.keys(&key::DOWN.to_string());
                    page.browser.wait_for(
                        "the next play chosen",
                        || (chosen_now() != before && !chosen_now().is_null()).then_some(()),
                        || format!("the chosen play stays {before}"),
                    );
                }
                assert_eq!(chosen_now(), json!(chosen), "the play chosen by keys");
                plays += 1;
                (key::ENTER.to_string(), chosen)
            }
            other => panic!("a person's turn in phase {other:?}"),
        };
        page.browser.keys(&keys);
        let shown = page.settled(version + 1);
        assert_eq!(shown.error, "", "no error shown");
        game.follow(&shown.history, Some(&text));
        check_backgammon(page, &game);
    }
    assert!(doubled, "a double was offered by keys");
    assert_eq!(game.pos.cube_value(), 2, "and taken");
}

// ---- records: open, replay, continue, analyse ----

/// A file of `examples/games/`: its path.
fn example_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name)
}

/// Opens a record of `game` from the record form: `text` pasted (typed) into the text box,
/// or else the file `file` chosen in the file input. Waits for its first step.
fn open_record(page: &Page, game: &str, text: Option<&str>, file: Option<&PathBuf>) {
    page.click("#show-records");
    page.element("#open-record:not([hidden])");
    page.choose("record-game", game);
    if let Some(text) = text {
        page.browser
            .type_into(&page.element("#record-text"), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    if let Some(file) = file {
        let path = file.canonicalize().expect("the example");
        page.browser
            .send_keys(&page.element("#record-file"), &path.display().to_string())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    page.click("#open-record-button");
    let game = game.to_owned();
    page.browser.wait_for(
        &format!("the first step of the {game} record"),
        || {
            let v = page.browser.execute(
                r##"const svg = document.getElementById("replay-board");
                   return !document.getElementById("replay").hidden
                     && svg.dataset.game === arguments[0] && svg.dataset.step === "0";"##,
                &[json!(game)],
            );
            (v == true).then_some(())
        },
        || {
            let error = page.browser.execute(
                r##"return document.getElementById("record-error").textContent;"##,
                &[],
            );
            format!("the record form says {error}")
        },
    );
}

/// The step the replay shows, once its board and its counter both show it.
fn replay_step(page: &Page) -> Option<usize> {
    let v = page.browser.execute(
        r##"const board = document.getElementById("replay-board").dataset.step;
           const status = document.getElementById("replay-status").dataset.step;
           const slider = document.getElementById("replay-slider").value;
           return board === status && board === slider ? Number(board) : null;"##,
        &[],
    );
    v.as_u64().and_then(|k| usize::try_from(k).ok())
}

/// Waits until the replay shows step `k`.
fn replay_at(page: &Page, k: usize) {
    page.browser.wait_for(
        &format!("step {k} of the replay"),
        || (replay_step(page) == Some(k)).then_some(()),
        || {
            let more = page.browser.execute(
                r##"return [document.activeElement && document.activeElement.id,
                           document.getElementById("replay-error").textContent];"##,
                &[],
            );
            format!(
                "the replay shows step {:?} (the focus on #{}, the error {})",
                replay_step(page),
                more[0],
                more[1]
            )
        },
    );
}

/// A real Pente game opened by paste, stepped through with the buttons, the arrow keys, the
/// slider and the move list, each position checked against the library's replay of the
/// record; then a game continued from step 10 against the computer at level 1.
fn pente_record(page: &Page) {
    let text =
        std::fs::read_to_string(example_path("pente-org-50000000005101.txt")).expect("the example");
    let records = PenteOrg::new(Pente::new(Variant::Pente, OpeningRule::Tournament))
        .read(&text)
        .expect("the library reads it");
    let trace = replay(&records[0]);
    assert!(trace.illegal.is_none());
    let positions = &trace.positions;
    let last = positions.len() - 1;
    open_record(page, "pente", Some(&text), None);
    let moves = page.browser.find_all("#replay-moves li[data-step]");
    assert_eq!(moves.map(|m| m.len()).ok(), Some(last), "one move a step");
    let check = |k: usize| {
        replay_at(page, k);
        check_pente_board(page, "replay-board", &positions[k], &format!("at step {k}"));
    };
    check(0);
    page.click("#replay-next");
    check(1);
    page.click("#replay-next");
    check(2);
    page.click("#replay-prev");
    check(1);
    // The arrow keys (the focus on the last button pressed).
    page.browser.keys(
        &[key::RIGHT, key::RIGHT, key::RIGHT]
            .iter()
            .collect::<String>(),
    );
    check(4);
    page.browser.keys(&key::LEFT.to_string());
    check(3);
    page.browser.keys(&key::END.to_string());
    check(last);
    assert_eq!(
        positions[last].turn(),
        Turn::Over,
        "the five ends the record"
    );
    page.click("#replay-first");
    check(0);
    page.click("#replay-last");
    check(last);
    page.browser.keys(&key::HOME.to_string());
    check(0);
    // The slider: a click on its middle, then its own arrow keys.
    page.click("#replay-slider");
    let middle = page.browser.wait_for(
        "a step chosen on the slider",
        || replay_step(page).filter(|&k| k > 0),
        || format!("the replay shows step {:?}", replay_step(page)),
    );
    assert!(
        middle.abs_diff(last / 2) <= 2,
        "the slider's middle is step {middle} of {last}"
    );
    check(middle);
    page.browser.keys(&key::RIGHT.to_string());
    check(middle + 1);
    // The move list.
    page.click("#replay-moves li[data-step=\"10\"]");
    check(10);
    assert!(page.exists("#replay-moves li[data-step=\"10\"][aria-current=\"step\"]"));
    // Continue from step 10: the person X, the computer O at level 1.
    page.choose("replay-seat-1", "1");
    page.click("#replay-continue");
    let shown = page.browser.wait_for(
        "the game continued from step 10",
        || {
            let shown = page.shown();
            (shown.game == "pente" && shown.history.len() == 10 && !shown.busy).then_some(shown)
        },
        || format!("the page shows {:?}", page.shown()),
    );
    let mut game = Followed::new(positions[0]);
    game.follow(&shown.history, None);
    assert_eq!(game.steps.len(), 10);
    check_pente(page, &game);
    let point = game.pos.moves().iter().next().expect("a move").to_string();
    click_pente(page, &mut game, &point);
    assert_eq!(
        game.steps.len(),
        12,
        "the person's move and the computer's reply"
    );
    assert!(
        page.exists("#seats li[data-seat=\"1\"][data-player=\"computer\"]"),
        "O is the computer"
    );
}

/// The BackgammonGalaxy match opened from its file, its games gone through, its analysis at
/// level 1 against `judge_match`'s, and a decision of the chart shown.
fn backgammon_record(page: &Page) {
    let path = example_path("backgammon-galaxy-match.txt");
    let text = std::fs::read_to_string(&path).expect("the example");
    let matches = replay_matches(&read_match_file(&text).expect("read"), true);
    let games: Vec<&GameReplay> = matches.iter().flat_map(|m| &m.games).collect();
    let positions: Vec<&Match> = games.iter().flat_map(|g| &g.trace.positions).collect();
    open_record(page, "backgammon", None, Some(&path));
    let check = |k: usize| {
        replay_at(page, k);
        check_backgammon_board(
            page,
            "replay-board",
            positions[k],
            &format!("at step {k}"),
            None,
        );
    };
    check(0);
    for _ in 0..3 {
        page.click("#replay-next");
    }
    check(3);
    // Each game of the match from the game list (the first one last: it is chosen now).
    let firsts: Vec<usize> = games
        .iter()
        .scan(0, |first, g| {
            let this = *first;
            *first += g.trace.positions.len();
            Some(this)
        })
        .collect();
    assert!(firsts.len() > 1, "a match of several games");
    for i in (1..firsts.len()).chain([0]) {
        page.choose("replay-record", &i.to_string());
        check(firsts[i]);
    }
    page.click("#replay-next");
    check(1);
    page.click("#replay-last");
    check(positions.len() - 1);
    // The analysis at level 1.
    page.choose("analysis-level", "1");
    page.click("#analyse");
    page.element("#analysis:not([hidden])");
    let engine = BackgammonEngine::shipped(1);
    let judged: Vec<Judged> = matches
        .iter()
        .flat_map(|m| judge_match(&engine, m))
        .flatten()
        .collect();
    let drawn = page
        .browser
        .find_all("#analysis-chart [data-decision]")
        .map_or(0, |d| d.len());
    assert_eq!(drawn, judged.len(), "a point a decision judged");
    // The worst play: its point shows the position it was played in.
    let (n, worst) = judged
        .iter()
        .enumerate()
        .filter(|(_, j)| j.kind == DecisionKind::Play)
        .max_by(|a, b| a.1.equity_lost.total_cmp(&b.1.equity_lost))
        .expect("a play judged");
    let point = format!("#analysis-chart [data-decision=\"{n}\"]");
    page.click(&point);
    // The point marked current and the step shown, read in one script.
    let step = page.browser.wait_for(
        "the decision's position",
        || {
            let v = page.browser.execute(
                r##"const point = document.querySelector(arguments[0]);
                   const board = document.getElementById("replay-board").dataset.step;
                   const status = document.getElementById("replay-status").dataset.step;
                   return point.dataset.current === "true" && board === point.dataset.step
                     && status === board ? Number(board) : null;"##,
                &[json!(point)],
            );
            v.as_u64().and_then(|k| usize::try_from(k).ok())
        },
        || format!("the replay shows step {:?}", replay_step(page)),
    );
    check(step);
    let m = positions[step];
    assert_eq!(m.phase(), Phase::ToPlay, "a play's position");
    assert_eq!(m.side_on_roll(), worst.side, "the side that played");
    assert!(
        m.moves().iter().any(|a| a.to_string() == worst.played),
        "{} is a play of step {step}",
        worst.played
    );
}

#[test]
fn the_page_plays_every_game_by_clicks_and_keys_and_replays_records() {
    let Some(page) = Page::open() else {
        return;
    };
    page.browser.goto(&page.url);
    page.element("#chooser:not([hidden])");
    pente(&page);
    abalone_two(&page);
    abalone_six(&page);
    backgammon(&page);
    backgammon_as_o(&page);
    pente_keys(&page);
    abalone_keys(&page);
    backgammon_keys(&page);
    pente_record(&page);
    backgammon_record(&page);
    bad_link(&page);
}

/// A link to a game that is not there (`#game=ID`) says so and keeps the tab's own game on
/// show; in a new tab (no game of its own) it shows the chooser saying so.
fn bad_link(page: &Page) {
    let before = page.shown();
    let said = |css: &str| {
        page.browser.wait_for(
            &format!("{css} naming the game"),
            || {
                let text = page.browser.execute(
                    r##"return document.querySelector(arguments[0]).textContent;"##,
                    &[json!(css)],
                );
                text.as_str()
                    .filter(|t| t.contains("deadbeef"))
                    .map(str::to_owned)
            },
            || "nothing said".to_owned(),
        )
    };
    page.browser.goto(&format!("{}#game=deadbeef", page.url));
    said("#error");
    page.element("#play:not([hidden])");
    let after = page.settled(before.version);
    assert_eq!(after.history, before.history, "the tab's own game");
    // A tab without a game of its own.
    page.browser.execute(
        "sessionStorage.clear(); location.reload(); return null;",
        &[],
    );
    said("#chooser-notice");
    page.element("#chooser:not([hidden])");
}
