import Foundation
import Testing

/// `hybrid run --virtual-time` and `--animation-settle`.
@Suite struct AnimationOptionTests {
    /// A frame loop that ends after two seconds of frame time.
    private static let twoSecondLoop = """
        <script>
        var start = null, done = false;
        requestAnimationFrame(function step(t) {
          if (start === null) start = t;
          if (t - start < 2000) requestAnimationFrame(step); else done = true;
        });
        </script>
        """

    /// A page beside a copy of a Debian library (`scripts/bootstrap` installs it) named `name`; returns the page's path.
    private static func page(_ html: String, library: String, as name: String) async throws -> String {
        try #require(FileManager.default.fileExists(atPath: library), "\(library) is missing: run scripts/bootstrap")
        let folder = try await RunFixture.folder([name: try String(contentsOfFile: library, encoding: .utf8), "page.html": html])
        return folder.appendingPathComponent("page.html").path
    }

    @Test func virtualTimeRunsATwoSecondFrameLoopToItsEndBeforeTheEvals() async throws {
        let url = try await RunFixture.page(Self.twoSecondLoop)
        let result = try await HybridBinary.run(["run", url.path, "--virtual-time", "--animation-settle", "3", "--quiet",
                                                 "--eval", "done", "--eval", "performance.now() >= 2000 && performance.now() < 2100"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "true\ntrue\n")
    }

    @Test func aZeroSettleTimeLeavesFramesOutOfIdleOnTheVirtualClock() async throws {
        let url = try await RunFixture.page(Self.twoSecondLoop)
        let result = try await HybridBinary.run(["run", url.path, "--virtual-time", "--animation-settle", "0", "--quiet",
                                                 "--eval", "[done, start === null].join()"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "false,true\n")
    }

    /// Issue 15's race: Mithril redraws in an animation frame, which the run now waits for after each click
    /// (before, the eval ran first and read `count 0`). Debian's Mithril, which `scripts/bootstrap` installs.
    @Test func aMithrilRedrawAfterEachClickEndsBeforeTheEval() async throws {
        let page = try await Self.page("""
            <div id="app"></div>
            <script src="mithril.js"></script>
            <script>
            var count = 0;
            m.mount(document.getElementById('app'), { view: function () {
              return m('button#inc', { onclick: function () { count++; } }, 'count ' + count);
            } });
            </script>
            """, library: "/usr/lib/nodejs/mithril/mithril.js", as: "mithril.js")
        let result = try await HybridBinary.run(["run", page, "--quiet",
                                                 "--click", "#inc", "--click", "#inc", "--eval", "document.querySelector('#inc').textContent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "count 2\n")
    }

    /// jQuery's `animate` steps in animation frames: the run waits for its end after the click (main printed a width
    /// a few pixels into the animation and no callback), on the real clock and on the virtual one.
    @Test func aJQueryAnimateAfterAClickEndsBeforeTheEval() async throws {
        let page = try await Self.page("""
            <div id="box" style="width: 100px">box</div>
            <button id="go">go</button>
            <script src="jquery.js"></script>
            <script>
            $('#go').on('click', function () { $('#box').animate({ width: 300 }, 600, function () { $('#box').addClass('done'); }); });
            </script>
            """, library: "/usr/share/javascript/jquery/jquery.min.js", as: "jquery.js")
        for clock in [[], ["--virtual-time"]] {
            let result = try await HybridBinary.run(["run", page, "--quiet", "--click", "#go",
                                                     "--eval", "[$('#box').css('width'), $('#box').hasClass('done')].join()"] + clock)
            #expect(result.status == 0, "\(clock): \(result.stderr)")
            #expect(result.stdout == "300px,true\n", "\(clock)")
        }
    }

    @Test func badSettleTimesExitTwo() async throws {
        let url = try await RunFixture.page("<p>hi</p>")
        for value in ["-1", "abc", "3601", "nan"] {
            let result = try await HybridBinary.run(["run", url.path, "--animation-settle", value])
            #expect(result.status == 2, "\(value)")
            #expect(result.stderr.contains("must be a number of seconds from 0 to 3600"), "\(value): \(result.stderr)")
        }
    }
}
