import Foundation
import Testing
import TestSupport

/// `hybrid run` steps: typing, choosing, pressing, checking and waiting, in command-line order, and `--steps FILE`.
@Suite struct RunStepsTests {
    /// A checkout form that logs what a user's actions fire.
    static let form = """
        <form id="order" action="javascript:void 0">
          <input id="name" name="name" maxlength="5">
          <select id="size"><option value="s">Small</option><option value="l">Large</option></select>
          <input id="terms" type="checkbox">
          <button id="pay" type="submit">Pay</button>
        </form>
        <p id="msg"></p>
        <script>
        var log = [];
        ['focus', 'blur', 'keydown', 'beforeinput', 'input', 'keyup', 'change'].forEach(function (type) {
          document.getElementById('name').addEventListener(type, function (e) {
            log.push(type + (e.key ? ':' + e.key : '') + (e.data ? ':' + e.data : '') + (e.isTrusted ? '' : ':untrusted'));
          });
        });
        document.getElementById('size').addEventListener('change', function (e) { log.push('size:' + e.target.value); });
        document.getElementById('terms').addEventListener('change', function (e) { log.push('terms:' + e.target.checked); });
        document.getElementById('order').addEventListener('submit', function (e) {
          e.preventDefault();
          document.getElementById('msg').textContent = 'paid by ' + document.getElementById('name').value;
        });
        </script>
        """

    @Test func aFormIsFilledAndSubmittedByStepsInCommandLineOrder() async throws {
        let url = try await RunFixture.page(Self.form)
        let result = try await HybridBinary.run(["run", url.path, "--quiet",
                                                 "--fill", "#name=Ann", "--eval", "log.join()",
                                                 "--select", "#size=Large", "--eval", "document.getElementById('size').value",
                                                 "--check", "#terms", "--check", "#terms", "--click", "#pay",
                                                 "--eval", "log.slice(-4).join()", "--assert", "document.getElementById('msg').textContent === 'paid by Ann'"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Each eval sees only the steps before it: focus, then per character key, beforeinput, input and keyup events.
        #expect(lines.first == "focus,keydown:A,beforeinput:A,input:A,keyup:A,keydown:n,beforeinput:n,input:n,keyup:n,"
                + "keydown:n,beforeinput:n,input:n,keyup:n", "\(lines)")
        #expect(lines.dropFirst().first == "l")
        // Choosing in the select takes focus from the field (blur, then its change); a second --check leaves the box checked.
        #expect(lines.dropFirst(2).first == "blur,change,size:l,terms:true", "\(lines)")
    }

    @Test func aFailingStepIsNamedByItsNumberAndTheRunGoesOn() async throws {
        let url = try await RunFixture.page(Self.form)
        let result = try await HybridBinary.run(["run", url.path, "--quiet", "--fill", "#name=Bo", "--click", "#nosuch",
                                                 "--select", "#size=xl", "--fill", "#size=1", "--uncheck", "#terms",
                                                 "--click", "a[", "--eval", "document.getElementById('name').value"])
        #expect(result.status == 1)
        #expect(result.stdout == "Bo\n")
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains("hybrid run: step 2 (--click #nosuch): no element matches '#nosuch'"), "\(errors)")
        #expect(errors.contains("hybrid run: step 3 (--select #size=xl): no option with the value or label 'xl' in '#size'"), "\(errors)")
        #expect(errors.contains("hybrid run: step 4 (--fill #size=1): the element matching '#size' is not a text field (it is <select>)"), "\(errors)")
        #expect(errors.contains { $0.hasPrefix("hybrid run: step 6 (--click a[): invalid selector") }, "\(errors)")
        #expect(!result.stderr.contains("hybrid:inspection"))
        #expect(!result.stderr.contains("step 5"), "unchecking an unchecked box does nothing")
    }

    @Test func enterInAFieldSubmitsItsFormAndTabMovesFocus() async throws {
        let url = try await RunFixture.page(Self.form)
        let result = try await HybridBinary.run(["run", url.path, "--quiet", "--fill", "#name=Annabella", "--press", "Backspace",
                                                 "--press", "x", "--press", "Tab", "--eval", "document.activeElement.id",
                                                 "--click", "#name", "--press", "Enter",
                                                 "--eval", "document.getElementById('msg').textContent",
                                                 "--eval", "log.filter(function (e) { return e === 'change' }).length"])
        #expect(result.status == 0, "\(result.stderr)")
        // maxlength 5 stops typing at "Annab"; Backspace and x make "Annax"; Tab leaves the field (change) for the select.
        #expect(result.stdout == "size\npaid by Annax\n1\n", "\(result.stdout)")
    }

    @Test func aScenarioFileRunsWhereItStands() async throws {
        let folder = try await RunFixture.folder([
            "index.html": Self.form,
            "checkout.json": ##"[{"fill": {"selector": "#name", "text": "Cy"}}, {"check": "#terms"}, {"click": "#pay"}, {"wait": 0}]"##,
            "bad.json": ##"[{"click": "#pay"}, {"hover": "#pay"}]"##,
        ])
        let page = folder.appendingPathComponent("index.html").path
        let result = try await HybridBinary.run(["run", page, "--quiet", "--eval", "document.getElementById('msg').textContent",
                                                 "--steps", folder.appendingPathComponent("checkout.json").path,
                                                 "--eval", "document.getElementById('msg').textContent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\npaid by Cy\n")
        let bad = try await HybridBinary.run(["run", page, "--steps", folder.appendingPathComponent("bad.json").path])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("hybrid run: --steps \(folder.appendingPathComponent("bad.json").path): step 2: expected an object with one key"), "\(bad.stderr)")
    }

    @Test func waitMovesTheVirtualClockAndWaitForWatchesTheDocument() async throws {
        let url = try await RunFixture.page("""
            <p id="state">active</p>
            <script>
            // A 10-minute session timeout checked every minute, and a poll that shows a banner after 3 seconds.
            var started = Date.now();
            var session = setInterval(function () {
              if (Date.now() - started >= 10 * 60 * 1000) { document.getElementById('state').textContent = 'expired'; clearInterval(session); }
            }, 60 * 1000);
            var polls = 0, poll = setInterval(function () {
              if (++polls === 3) { clearInterval(poll); var b = document.createElement('div'); b.className = 'banner'; document.body.appendChild(b); }
            }, 1000);
            </script>
            """)
        let result = try await HybridBinary.run(["run", url.path, "--quiet", "--virtual-time",
                                                 "--wait-for", ".banner", "--eval", "[polls, document.getElementById('state').textContent].join()",
                                                 "--wait", "600000", "--eval", "document.getElementById('state').textContent",
                                                 "--eval", "Date.now() - started >= 600000"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "3,active\nexpired\ntrue\n", "\(result.stdout)")
    }

    @Test func eachStepIsATranscriptLineInOrder() async throws {
        let url = try await RunFixture.page(Self.form)
        let transcript = url.deletingLastPathComponent().appendingPathComponent("t.jsonl")
        let result = try await HybridBinary.run(["run", url.path, "--quiet", "--transcript", transcript.path, "--wait", "5",
                                                 "--fill", "#name=Al", "--select", "#size=l", "--check", "#terms", "--uncheck", "#terms",
                                                 "--press", "Tab", "--wait-for", "#msg", "--click", "#pay"])
        #expect(result.status == 0, "\(result.stderr)")
        let steps = try await RunFixture.events(transcript).filter {
            ["wait", "fill", "select", "check", "uncheck", "press", "waitFor", "click"].contains($0["kind"] as? String)
        }
        #expect(steps.map { $0["kind"] as? String } == ["wait", "fill", "select", "check", "uncheck", "press", "waitFor", "click"])
        #expect(steps[1]["text"] as? String == "Al" && steps[2]["value"] as? String == "l" && steps[5]["key"] as? String == "Tab")
        #expect(steps[0]["ms"] as? Double == 5)
    }

    @Test func badStepValuesAreUsageErrors() async throws {
        let url = try await RunFixture.page(Self.form)
        let fill = try await HybridBinary.run(["run", url.path, "--fill", "#name"])
        #expect(fill.status == 2)
        #expect(fill.stderr == "hybrid run: --fill #name: expected SELECTOR=TEXT\n")
        let wait = try await HybridBinary.run(["run", url.path, "--wait", "soon"])
        #expect(wait.status == 2)
        #expect(wait.stderr == "hybrid run: --wait soon: expected milliseconds (0 to 86400000)\n")
        // `=` inside an attribute selector belongs to the selector.
        let attribute = try await HybridBinary.run(["run", url.path, "--quiet", "--fill", "input[name=name]=Di",
                                                    "--eval", "document.getElementById('name').value"])
        #expect(attribute.stdout == "Di\n", "\(attribute.stderr)")
    }
}
