//! The few WebDriver commands the browser test needs, sent to a chromedriver started as a
//! child process.
//!
//! Plain HTTP/1.1 over std's `TcpStream` to chromedriver's W3C endpoints on the loopback
//! rather than a WebDriver client crate: the clients bring a hundred crates or so (an HTTP
//! client stack, URL and cookie parsing, two generations of Unicode segmentation tables) to
//! compile for every test run, for a dozen JSON requests to a local process; one request a
//! connection (`Connection: close`) and a JSON body each way is all this takes.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The key under which WebDriver names an element.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long any condition is waited for before the test fails.
pub const WAIT: Duration = Duration::from_secs(60);

/// A WebDriver error: the command, and chromedriver's error code and message (or the I/O
/// error that stopped the request).
#[derive(Debug)]
pub struct WdError {
    /// What was asked.
    pub command: String,
    /// The W3C error code (`stale element reference`, ...), or `io`.
    pub code: String,
    /// The message.
    pub message: String,
}

impl std::fmt::Display for WdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let first = self.message.lines().next().unwrap_or("");
        write!(f, "{}: {}: {first}", self.command, self.code)
    }
}

/// A result of a WebDriver command.
pub type WdResult<T> = Result<T, WdError>;

/// A free port of 127.0.0.1 (bound, read and released; chromedriver binds it right after).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port of 127.0.0.1")
}

/// `name` found as given (a path) or on the `PATH`.
pub fn find_program(name: &str) -> Option<PathBuf> {
    let given = Path::new(name);
    if given.is_absolute() {
        return given.is_file().then(|| given.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// A directory of its own under the system's temporary directory, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new empty directory whose name starts with `prefix`.
    pub fn new(prefix: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("{prefix}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One HTTP request to `port` of 127.0.0.1: the status and the body.
fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<(u16, Vec<u8>)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json; \
         charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    // chromedriver answers `Connection: close` but may keep the connection open: the body
    // ends where its length says.
    let mut answer = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    let invalid =
        |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned());
    let mut head: Option<(usize, String)> = None;
    loop {
        if head.is_none() {
            if let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
                head = Some((end, String::from_utf8_lossy(&answer[..end]).into_owned()));
            }
        }
        if let Some((end, text)) = &head {
            let body = &answer[end + 4..];
            let length = header(text, "content-length").and_then(|v| v.parse::<usize>().ok());
            let chunked = header(text, "transfer-encoding").is_some_and(|v| v.contains("chunked"));
            if length.is_some_and(|n| body.len() >= n) || (chunked && dechunk(body).is_some()) {
                break;
            }
        }
        let n = stream.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buffer[..n]);
    }
    let (end, head) = head.ok_or_else(|| invalid("no end of the headers"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| invalid("no status"))?;
    let mut content = answer[end + 4..].to_vec();
    if header(&head, "transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        content = dechunk(&content).ok_or_else(|| invalid("bad chunked body"))?;
    } else if let Some(n) = header(&head, "content-length").and_then(|v| v.parse::<usize>().ok()) {
        content.truncate(n);
    }
    Ok((status, content))
}

/// The value of the header `name` (lower case) in `head`, lower case.
fn header(head: &str, name: &str) -> Option<String> {
    head.lines().skip(1).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim().to_ascii_lowercase() == name).then(|| value.trim().to_ascii_lowercase())
    })
}

/// The body of a chunked transfer.
fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&data[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}

/// chromedriver, running as a child process (killed on drop), with one browser session.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    /// The browser's profile, fresh for the run.
    _profile: TempDir,
    /// Where the browser saves downloads.
    downloads: TempDir,
}

/// An element of the page, as WebDriver names it.
#[derive(Clone, Debug)]
pub struct Element(pub String);

impl Browser {
    /// Starts `chromedriver` on a free port and a headless `chromium` under it, with a fresh
    /// profile and a download directory of its own.
    pub fn start(chromedriver: &Path, chromium: &Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromedriver.display()));
        let profile = TempDir::new("boardgames-web-profile");
        let downloads = TempDir::new("boardgames-web-downloads");
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            _profile: profile,
            downloads,
        };
        let ready = Instant::now();
        loop {
            let status = http(port, "GET", "/status", None)
                .ok()
                .and_then(|(_, body)| serde_json::from_slice::<Value>(&body).ok());
            if status.is_some_and(|s| s["value"]["ready"] == true) {
                break;
            }
            assert!(
                ready.elapsed() < WAIT,
                "chromedriver did not answer on port {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1280,900",
            &format!("--user-data-dir={}", browser._profile.path().display()),
        ];
        let capabilities = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": chromium.display().to_string(),
                        "args": args,
                        "prefs": {
                            "download.default_directory": browser.downloads.path().display().to_string(),
                            "download.prompt_for_download": false,
                        },
                    },
                },
            },
        });
        let created = browser
            .command("POST", "/session", Some(&capabilities))
            .unwrap_or_else(|e| panic!("no browser session: {e}"));
        browser.session = created["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        browser
    }

    /// A WebDriver command: its `value`, or the error chromedriver answered.
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> WdResult<Value> {
        let what = format!("{method} {path}");
        let (status, content) = http(self.port, method, path, body).map_err(|e| WdError {
            command: what.clone(),
            code: "io".to_owned(),
            message: e.to_string(),
        })?;
        let answer: Value = serde_json::from_slice(&content).map_err(|e| WdError {
            command: what.clone(),
            code: "json".to_owned(),
            message: format!("{e}: {}", String::from_utf8_lossy(&content)),
        })?;
        let value = answer["value"].clone();
        if status == 200 {
            Ok(value)
        } else {
            Err(WdError {
                command: what,
                code: value["error"]
                    .as_str()
                    .unwrap_or("unknown error")
                    .to_owned(),
                message: value["message"].as_str().unwrap_or("").to_owned(),
            })
        }
    }

    /// A command of the session.
    fn session_command(&self, method: &str, path: &str, body: Option<&Value>) -> WdResult<Value> {
        self.command(method, &format!("/session/{}{path}", self.session), body)
    }

    /// Opens `url`.
    pub fn goto(&self, url: &str) {
        self.session_command("POST", "/url", Some(&json!({ "url": url })))
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// The first element matching the CSS selector `css`, if any.
    pub fn find(&self, css: &str) -> WdResult<Element> {
        let found = self.session_command(
            "POST",
            "/element",
            Some(&json!({ "using": "css selector", "value": css })),
        )?;
        Ok(Element(
            found[ELEMENT_KEY].as_str().unwrap_or_default().to_owned(),
        ))
    }

    /// Every element matching `css`.
    pub fn find_all(&self, css: &str) -> WdResult<Vec<Element>> {
        let found = self.session_command(
            "POST",
            "/elements",
            Some(&json!({ "using": "css selector", "value": css })),
        )?;
        Ok(found
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT_KEY].as_str())
                    .map(|id| Element(id.to_owned()))
                    .collect()
            })
            .unwrap_or_default())
    }

    /// Clicks the centre of `element`, as a person would.
    pub fn click(&self, element: &Element) -> WdResult<()> {
        self.session_command(
            "POST",
            &format!("/element/{}/click", element.0),
            Some(&json!({})),
        )
        .map(drop)
    }

    /// Clicks `element` at `dx`, `dy` CSS pixels from its centre (a pointer move, press and
    /// release), for a spot partly under another drawing.
    pub fn click_at(&self, element: &Element, dx: i64, dy: i64) -> WdResult<()> {
        let mut origin = serde_json::Map::new();
        origin.insert(ELEMENT_KEY.to_owned(), json!(element.0));
        let actions = json!({
            "actions": [{
                "type": "pointer",
                "id": "mouse",
                "parameters": { "pointerType": "mouse" },
                "actions": [
                    { "type": "pointerMove", "duration": 0, "x": dx, "y": dy,
                      "origin": origin },
                    { "type": "pointerDown", "button": 0 },
                    { "type": "pointerUp", "button": 0 },
                ],
            }],
        });
        self.session_command("POST", "/actions", Some(&actions))?;
        self.session_command("DELETE", "/actions", None).map(drop)
    }

    /// A property of `element` (`value` of a form field).
    pub fn property(&self, element: &Element, name: &str) -> WdResult<Value> {
        self.session_command(
            "GET",
            &format!("/element/{}/property/{name}", element.0),
            None,
        )
    }

    /// Empties a text field and types `text` into it.
    pub fn type_into(&self, element: &Element, text: &str) -> WdResult<()> {
        self.session_command(
            "POST",
            &format!("/element/{}/clear", element.0),
            Some(&json!({})),
        )?;
        self.session_command(
            "POST",
            &format!("/element/{}/value", element.0),
            Some(&json!({ "text": text })),
        )
        .map(drop)
    }

    /// Types `keys` into `element` (WebDriver's key codes: `\u{E009}` Control, `\u{E000}`
    /// releases the modifiers, `\u{E003}` Backspace).
    pub fn send_keys(&self, element: &Element, keys: &str) -> WdResult<()> {
        self.session_command(
            "POST",
            &format!("/element/{}/value", element.0),
            Some(&json!({ "text": keys })),
        )
        .map(drop)
    }

    /// Presses and releases each key of `keys` in turn, as typed on the keyboard, into the
    /// element that has the focus (WebDriver's key codes: `\u{E012}` left arrow, `\u{E013}`
    /// up, `\u{E014}` right, `\u{E015}` down, `\u{E007}` Enter, `\u{E011}` Home, `\u{E010}`
    /// End).
    pub fn keys(&self, keys: &str) {
        let mut actions = Vec::new();
        for key in keys.chars() {
            actions.push(json!({ "type": "keyDown", "value": key.to_string() }));
            actions.push(json!({ "type": "keyUp", "value": key.to_string() }));
        }
        let actions = json!({
            "actions": [{ "type": "key", "id": "keyboard", "actions": actions }],
        });
        self.session_command("POST", "/actions", Some(&actions))
            .and_then(|_| self.session_command("DELETE", "/actions", None))
            .unwrap_or_else(|e| panic!("{e}"));
    }

    /// Runs `script` (a function body) in the page with `args`: what it returns.
    pub fn execute(&self, script: &str, args: &[Value]) -> Value {
        self.session_command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": args })),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Sets the window's outer size in CSS pixels.
    pub fn set_window_size(&self, width: u32, height: u32) {
        self.session_command(
            "POST",
            "/window/rect",
            Some(&json!({ "width": width, "height": height })),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }

    /// A screenshot of the window, as PNG.
    pub fn screenshot(&self) -> Vec<u8> {
        let encoded = self
            .session_command("GET", "/screenshot", None)
            .unwrap_or_else(|e| panic!("{e}"));
        base64_decode(encoded.as_str().expect("base64 text")).expect("a base64 screenshot")
    }

    /// The directory the browser saves downloads in.
    pub fn downloads(&self) -> &Path {
        self.downloads.path()
    }

    /// Waits until `found` gives a value (polled every 25 ms) and returns it; fails the test
    /// with `what` and `describe`'s last words after [`WAIT`].
    pub fn wait_for<T>(
        &self,
        what: &str,
        mut found: impl FnMut() -> Option<T>,
        describe: impl Fn() -> String,
    ) -> T {
        let start = Instant::now();
        loop {
            if let Some(value) = found() {
                return value;
            }
            if start.elapsed() > WAIT {
                panic!("waited {} s for {what}; {}", WAIT.as_secs(), describe());
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.command("DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The bytes of standard base64 text (with `=` padding), or `None` for other text.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let clean: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(clean.len() / 4 * 3);
    for quad in clean.chunks(4) {
        let data: Vec<u8> = quad.iter().copied().take_while(|&c| c != b'=').collect();
        if data.len() < 2 || quad.len() != 4 {
            return None;
        }
        let mut bits = 0u32;
        for (i, &c) in data.iter().enumerate() {
            bits |= value(c)? << (18 - 6 * i);
        }
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..data.len()]);
    }
    Some(out)
}

#[test]
fn base64_decodes_padded_text() {
    assert_eq!(base64_decode("TWFu").unwrap(), b"Man");
    assert_eq!(base64_decode("TWE=").unwrap(), b"Ma");
    assert_eq!(base64_decode("TQ==").unwrap(), b"M");
    assert_eq!(base64_decode("aGVsbG8gd29ybGQ=").unwrap(), b"hello world");
    assert!(base64_decode("T").is_none());
    assert!(base64_decode("T*==").is_none());
}
