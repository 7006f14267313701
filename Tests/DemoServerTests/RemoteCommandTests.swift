@testable import DemoServer
import Testing

@Suite struct RemoteCommandTests {
    @Test(arguments: [
        ("list", RemoteCommand.list(json: false)),
        ("  list  ", .list(json: false)),
        ("list --json", .list(json: true)),
        ("current", .current(json: false)),
        ("current --json", .current(json: true)),
        ("set black-white", .set(name: "black-white")),
        ("set 'Dark Mode'", .set(name: "Dark Mode")),
        ("set \"Dark Mode\"", .set(name: "Dark Mode")),
        ("set Dark\\ Mode", .set(name: "Dark Mode")),
        ("set -- -odd", .set(name: "-odd")),
        ("set --primary", .set(name: nil)),
    ])
    func allowedCommandsParse(_ text: String, _ expected: RemoteCommand) throws {
        #expect(try RemoteCommand.parse(text).get() == expected)
    }

    @Test(arguments: ["rm -rf /", "list; rm -rf /", "list && id", "choose", "set", "set a b", "set --app /etc/passwd x",
                      "list --app /etc", "current --state /tmp/x", "bash", "", "set 'open", "lint", "serve"])
    func everythingElseIsRefused(_ text: String) {
        guard case .failure(let refusal) = RemoteCommand.parse(text) else {
            Issue.record("“\(text)” was allowed")
            return
        }
        #expect(refusal.description.contains("list"))
    }

    @Test func theRefusalNeverEchoesControlCharacters() throws {
        guard case .failure(let refusal) = RemoteCommand.parse("rm \u{1B}[2J\u{7}x") else {
            Issue.record("allowed")
            return
        }
        #expect(!refusal.description.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func theServersOptionsComeBeforeTheNameWhichComesAfterDoubleDash() {
        let options = ["--app", "/a/Info.plist", "--state", "/s.json"]
        #expect(RemoteCommand.set(name: "-x").arguments(with: options) == ["set"] + options + ["--", "-x"])
        #expect(RemoteCommand.set(name: nil).arguments(with: options) == ["set"] + options + ["--primary"])
        #expect(RemoteCommand.list(json: true).arguments(with: options) == ["list"] + options + ["--json"])
        #expect(RemoteCommand.current(json: false).arguments(with: []) == ["current"])
    }
}
