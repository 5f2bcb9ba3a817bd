import Foundation
import JavaScript
import Testing
@testable import WebView

/// The CSS object model and the cascade (`css/cssom.js` over node-cssom); expected values are what headless
/// Chromium and WebKit give for the same pages.
@Suite struct CSSCascadeTests {
    private static let base = URL(string: "http://127.0.0.1:1/app/index.html")!

    private func open(_ head: String, _ body: String) async throws -> (HeadlessWebView, EventLog) {
        let (webView, log) = makeWebView()
        try await webView.loadHTMLString("<!doctype html><html><head>\(head)</head><body>\(body)</body></html>", baseURL: Self.base)
        return (webView, log)
    }

    @Test func specificityOrderImportanceAndInlineStyle() async throws {
        let (webView, log) = try await open("""
            <style>
              p.a { color: red }   p { color: blue }
              #t2 { color: red }   #t2 { color: green }
              #t3 { color: green !important }
              #t4 { color: red }
            </style>
            """, "<p class=a id=t1>1</p><p id=t2>2</p><p id=t3 style='color: red'>3</p><p id=t4 style='color: green'>4</p>")
        let out = try await webView.evaluateJavaScript("""
            ['t1', 't2', 't3', 't4'].map(function (id) { return getComputedStyle(document.getElementById(id)).color; })
            """)
        #expect(out == ["rgb(255, 0, 0)", "rgb(0, 128, 0)", "rgb(0, 128, 0)", "rgb(0, 128, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// Focus, checkedness, selectedness and values change what selectors match without a DOM mutation; styles read
    /// before the change must not be served after it (they were cached per element until a mutation).
    @Test func stateSelectorsRestyleWhenTheStateChanges() async throws {
        let (webView, log) = try await open("""
            <style>
              input:checked + label { color: rgb(0, 128, 0) }
              #f:focus-within { outline-color: rgb(0, 0, 255) }
              input:focus { color: rgb(255, 0, 0) }
              option:checked { color: rgb(1, 1, 1) }
              #name:invalid { border-left-color: rgb(255, 0, 0) }
              #name:valid { border-left-color: rgb(0, 128, 0) }
              #name:placeholder-shown { font-weight: 700 }
            </style>
            """, """
            <form id=f><input type=checkbox id=c><label id=l for=c>x</label>
            <input id=name required placeholder=name><select id=s><option id=o1>a<option id=o2>b</select></form>
            """)
        let out = try await webView.evaluateJavaScript("""
            var $ = function (id) { return document.getElementById(id); }, css = function (id, p) { return getComputedStyle($(id))[p]; };
            var before = [css('l', 'color'), css('f', 'outlineColor'), css('name', 'color'), css('o2', 'color'),
                          css('name', 'borderLeftColor'), css('name', 'fontWeight')];
            $('c').checked = true; $('name').focus(); $('o2').selected = true; $('name').value = 'Ada';
            var after = [css('l', 'color'), css('f', 'outlineColor'), css('name', 'color'), css('o2', 'color'),
                         css('name', 'borderLeftColor'), css('name', 'fontWeight')];
            $('name').blur(); $('c').checked = false;
            [before, after, css('name', 'color'), css('l', 'color'), css('f', 'outlineColor')]
            """)
        #expect(out == [["rgb(0, 0, 0)", "rgb(0, 0, 0)", "rgb(0, 0, 0)", "rgb(0, 0, 0)", "rgb(255, 0, 0)", "700"],
                        ["rgb(0, 128, 0)", "rgb(0, 0, 255)", "rgb(255, 0, 0)", "rgb(1, 1, 1)", "rgb(0, 128, 0)", "400"],
                        "rgb(0, 0, 0)", "rgb(0, 0, 0)", "rgb(0, 0, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func inheritanceInitialValuesAndUserAgentDisplay() async throws {
        let (webView, log) = try await open("<style>#outer { color: rgb(1, 2, 3); margin: 4px; font-size: 20px }</style>", """
            <div id=outer><span id=inner>x</span><p id=p hidden>h</p><i id=k style='color: initial; margin: inherit'>k</i></div>
            """)
        let out = try await webView.evaluateJavaScript("""
            function cs(id) { return getComputedStyle(document.getElementById(id)); }
            [cs('inner').color, cs('inner').marginTop, cs('inner').fontSize, cs('outer').display, cs('inner').display,
             cs('p').display, cs('k').color, cs('k').marginLeft, cs('outer').getPropertyValue('margin-bottom')]
            """)
        #expect(out == ["rgb(1, 2, 3)", "0px", "20px", "block", "inline", "none", "rgb(0, 0, 0)", "4px", "4px"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func customPropertiesFallbacksAndCycles() async throws {
        let (webView, log) = try await open("""
            <style>
              body { color: rgb(9, 9, 9); --gap: 12px }
              #a { width: var(--gap); height: var(--missing, 5px); --c: var(--d); --d: var(--c); color: var(--c, blue) }
              #b { --c: var(--d); --d: var(--c); color: var(--c) }
            </style>
            """, "<div id=a></div><div id=b></div>")
        let out = try await webView.evaluateJavaScript("""
            var a = getComputedStyle(document.getElementById('a')), b = getComputedStyle(document.getElementById('b'));
            [a.width, a.height, a.getPropertyValue('--gap').trim(), a.color, b.color, a.getPropertyValue('--c')]
            """)
        // A cycle makes both properties invalid: var() takes its fallback, or the property is unset (inherited).
        #expect(out == ["12px", "5px", "12px", "rgb(0, 0, 255)", "rgb(9, 9, 9)", ""])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func relativeLengthsAndShorthands() async throws {
        let (webView, log) = try await open("""
            <style>
              html { font-size: 10px }
              #p { font-size: 20px; width: 200px }
              #c { margin: 1em 2rem; padding: 1px 2px 3px; width: 50%; height: 10vw; border: 2px solid red }
            </style>
            """, "<div id=p><div id=c></div></div>")
        let out = try await webView.evaluateJavaScript("""
            var c = getComputedStyle(document.getElementById('c'));
            [c.marginTop, c.marginRight, c.paddingLeft, c.paddingBottom, c.width, c.height,
             c.borderTopWidth, c.borderLeftStyle, c.borderRightColor]
            """)
        // 10vw of the default device, an iPhone 15 (393 CSS px wide), as Safari computes it.
        #expect(out == ["20px", "20px", "2px", "3px", "100px", "39.3px", "2px", "solid", "rgb(255, 0, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func invalidCSSIsSkippedAndAHostileSheetDoesNotHang() async throws {
        let (webView, log) = try await open("""
            <style>p { color: green } }}} @bogus { x } #q { color: ; } #q { margin-top: 3px } </style>
            """, "<p id=q>q</p>")
        let out = try await webView.evaluateJavaScript("""
            var q = getComputedStyle(document.getElementById('q'));
            var hostile = document.createElement('style');
            hostile.textContent = new Array(200000).join('a{b:') + new Array(100000).join('}}{{');
            document.head.appendChild(hostile);
            var after = getComputedStyle(document.getElementById('q')).color;
            [q.color, q.marginTop, hostile.sheet instanceof CSSStyleSheet, after]
            """)
        #expect(out == ["rgb(0, 128, 0)", "3px", true, "rgb(0, 128, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func styleSheetsRulesAndInvalidation() async throws {
        let (webView, log) = try await open("<style id=s>.x { color: red } @media (min-width: 1px) { .x { margin-top: 7px } }</style>",
                                            "<div id=d class=x></div>")
        let out = try await webView.evaluateJavaScript("""
            var d = document.getElementById('d'), sheet = document.getElementById('s').sheet;
            var log = [document.styleSheets.length, sheet === document.styleSheets[0], sheet.cssRules.length,
                       sheet.cssRules[0].selectorText, sheet.cssRules[1] instanceof CSSMediaRule,
                       getComputedStyle(d).color, getComputedStyle(d).marginTop];
            sheet.insertRule('#d { color: blue }', sheet.cssRules.length);
            log.push(getComputedStyle(d).color);
            sheet.deleteRule(sheet.cssRules.length - 1);
            log.push(getComputedStyle(d).color);
            d.className = '';
            log.push(getComputedStyle(d).color);
            var constructed = new CSSStyleSheet();
            constructed.replaceSync('div { color: rgb(5, 6, 7) }');
            document.adoptedStyleSheets = [constructed];
            log.push(getComputedStyle(d).color);
            try { sheet.insertRule('not a rule {', 0); log.push('no error'); } catch (e) { log.push(e.name); }
            try { sheet.deleteRule(99); log.push('no error'); } catch (e) { log.push(e.name); }
            document.getElementById('s').remove();
            log.push(document.styleSheets.length);
            log
            """)
        #expect(out == [1, true, 2, ".x", true, "rgb(255, 0, 0)", "7px", "rgb(0, 0, 255)", "rgb(255, 0, 0)",
                        "rgb(0, 0, 0)", "rgb(5, 6, 7)", "SyntaxError", "IndexSizeError", 0])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// How many cascades the css layer has worked out (its private `env.css.computations()`).
    private func styleComputations(_ webView: HeadlessWebView) async -> Int {
        await webView.withCore { core in
            Int((try? core.document?.env?["css"].invokeMethod("computations"))?.toDouble() ?? -1)
        }
    }

    @Test func ruleBucketsFindEveryRuleThatMatches() async throws {
        // Each rule is only tried for elements with its rightmost compound's id, class, type or attribute: a wrong
        // key loses a match. `.x:not(.d)` must be keyed by `x`, not by its argument's `d`.
        let (webView, log) = try await open("""
            <style id=s>
              .outer .k { color: rgb(1, 0, 0) }
              .k span { margin-top: 1px }
              * { padding-top: 2px }
              [data-only] { margin-left: 3px }
              :not(.off) > i { color: rgb(0, 5, 0) }
              #idA, .clsB { margin-bottom: 5px }
              @media (min-width: 1px) { .m { padding-left: 6px } }
              @media (max-width: 1px) { .m { padding-bottom: 9px } }
              @supports (display: flex) { #sup { padding-right: 7px } }
              .x:not(.d) { margin-right: 11px }
              [title="a b"] { border-top-style: solid }
            </style>
            """, """
            <div class=outer><span id=s1 class=k>1</span></div><div class=k><span id=s2>2</span></div>
            <p id=attr data-only>3</p><div class=off><i id=i1>4</i></div><div><i id=i2>5</i></div>
            <p id=idA>6</p><p class=clsB id=b>7</p><p class=m id=m>8</p><p id=sup>9</p><p class=x id=x>10</p>
            <p id=late>11</p><p title='a b' id=t>12</p>
            """)
        let out = try await webView.evaluateJavaScript("""
            function cs(id) { return getComputedStyle(document.getElementById(id)); }
            var log = [cs('s1').color, cs('s2').marginTop, cs('s1').marginTop, cs('i1').paddingTop, cs('attr').marginLeft,
                       cs('i1').color, cs('i2').color, cs('idA').marginBottom, cs('b').marginBottom, cs('m').paddingLeft,
                       cs('m').paddingBottom, cs('sup').paddingRight, cs('x').marginRight, cs('t').borderTopStyle,
                       cs('late').marginTop];
            var sheet = document.getElementById('s').sheet;
            sheet.insertRule('#late { margin-top: 8px }', sheet.cssRules.length);
            sheet.cssRules[6].insertRule('p.m { padding-top: 12px }', 0);
            log.push(cs('late').marginTop, cs('m').paddingTop);
            log
            """)
        #expect(out == ["rgb(1, 0, 0)", "1px", "0px", "2px", "3px", "rgb(0, 0, 0)", "rgb(0, 5, 0)", "5px", "5px", "6px",
                        "0px", "7px", "11px", "solid", "16px", "8px", "12px"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func aChangeRestylesTheElementsItReachesAndOnlyThose() async throws {
        let (webView, log) = try await open("""
            <style id=s>
              .red { color: rgb(255, 0, 0) }
            </style>
            """, """
            <div id=p><span id=c>c</span></div><i id=s1></i><i id=s2 class=b></i><i id=s3 class=c></i>
            <p id=u1>u</p><p id=u2>u</p>
            """)
        let read = """
            function cs(id) { return getComputedStyle(document.getElementById(id)); }
            [cs('c').color, cs('s2').color, cs('s3').marginTop, cs('u1').color, cs('u2').color]
            """
        #expect(try await webView.evaluateJavaScript(read) == ["rgb(0, 0, 0)", "rgb(0, 0, 0)", "0px", "rgb(0, 0, 0)", "rgb(0, 0, 0)"])
        // A parent's class: the child's inherited colour follows; the unrelated paragraphs are not restyled.
        var before = await styleComputations(webView)
        _ = try await webView.evaluateJavaScript("document.getElementById('p').className = 'red'")
        #expect(try await webView.evaluateJavaScript(read) == ["rgb(255, 0, 0)", "rgb(0, 0, 0)", "0px", "rgb(0, 0, 0)", "rgb(0, 0, 0)"])
        #expect(await styleComputations(webView) - before == 2)
        // An inline style on the parent; then a sheet change restyles everything.
        before = await styleComputations(webView)
        _ = try await webView.evaluateJavaScript("document.getElementById('p').style.color = 'rgb(0, 9, 0)'")
        #expect(try await webView.evaluateJavaScript(read) == ["rgb(0, 9, 0)", "rgb(0, 0, 0)", "0px", "rgb(0, 0, 0)", "rgb(0, 0, 0)"])
        #expect(await styleComputations(webView) - before == 2)
        _ = try await webView.evaluateJavaScript("document.getElementById('s').textContent = 'p { color: rgb(7, 7, 7) }'")
        #expect(try await webView.evaluateJavaScript(read) == ["rgb(0, 9, 0)", "rgb(0, 0, 0)", "0px", "rgb(7, 7, 7)", "rgb(7, 7, 7)"])
        _ = try await webView.evaluateJavaScript("document.getElementById('s').textContent = '.a + .b { color: rgb(0, 0, 255) } .a ~ .c { margin-top: 4px }'")
        // The previous sibling's class: `+` and `~` rules update the following siblings.
        _ = try await webView.evaluateJavaScript("document.getElementById('s1').className = 'a'")
        #expect(try await webView.evaluateJavaScript(read) == ["rgb(0, 9, 0)", "rgb(0, 0, 255)", "4px", "rgb(0, 0, 0)", "rgb(0, 0, 0)"])
        _ = try await webView.evaluateJavaScript("document.getElementById('s1').removeAttribute('class')")
        #expect(try await webView.evaluateJavaScript(read) == ["rgb(0, 9, 0)", "rgb(0, 0, 0)", "0px", "rgb(0, 0, 0)", "rgb(0, 0, 0)"])
        _ = try await webView.evaluateJavaScript("document.getElementById('s1').className = 'a'; document.getElementById('s').sheet.disabled = true")
        #expect(try await webView.evaluateJavaScript(read) == ["rgb(0, 9, 0)", "rgb(0, 0, 0)", "0px", "rgb(0, 0, 0)", "rgb(0, 0, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func structuralAndRelationalSelectorsFollowInsertionsTextAndDescendants() async throws {
        let (webView, log) = try await open("""
            <style>
              li:first-child { color: rgb(255, 0, 0) }
              p:empty { margin-top: 4px }
              .h:has(.in) { margin-left: 3px }
            </style>
            """, "<ul id=l><li id=first>1</li></ul><p id=e></p><div class=h id=h><b id=k></b></div>")
        let out = try await webView.evaluateJavaScript("""
            function cs(id) { return getComputedStyle(document.getElementById(id)); }
            var log = [cs('first').color, cs('e').marginTop, cs('h').marginLeft];
            var li = document.createElement('li');
            document.getElementById('l').prepend(li);
            document.getElementById('e').textContent = 'text';
            document.getElementById('k').className = 'in';
            log.push(cs('first').color, getComputedStyle(li).color, cs('e').marginTop, cs('h').marginLeft);
            log
            """)
        #expect(out == ["rgb(255, 0, 0)", "4px", "0px", "rgb(0, 0, 0)", "rgb(255, 0, 0)", "16px", "3px"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func matchMediaFollowsTheDeviceAndFiresChange() async throws {
        let (webView, log) = try await open("<style>@media (orientation: landscape) { body { color: red } }</style>", "")
        let out = try await webView.evaluateJavaScript("""
            var narrow = matchMedia('(max-width: 500px)'), dark = matchMedia('(prefers-color-scheme: dark)');
            var log = [narrow.matches, narrow.media, dark.matches, matchMedia('screen and (min-resolution: 2dppx)').matches,
                       matchMedia('print').matches, matchMedia('(hover: hover)').matches, getComputedStyle(document.body).color];
            var changes = [];
            narrow.addEventListener('change', function (e) { changes.push('narrow ' + e.matches + ' ' + e.media); });
            dark.addListener(function (e) { changes.push('dark ' + e.matches); });
            window.__hybridDevice = { width: 844, height: 390, devicePixelRatio: 3, orientation: 'landscape',
                                      colorScheme: 'dark', reducedMotion: 'no-preference', hover: 'none', pointer: 'coarse' };
            window.__hybridDeviceListeners.forEach(function (f) { f(); });
            log.push(narrow.matches, changes.join(), getComputedStyle(document.body).color);
            log
            """)
        #expect(out == [true, "(max-width: 500px)", false, true, false, false, "rgb(0, 0, 0)",
                        false, "narrow false (max-width: 500px),dark true", "rgb(255, 0, 0)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func selectorsOfEveryKindFindTheirElements() async throws {
        let (webView, log) = try await open(#"""
            <style>
              a[href$=".pdf"] { color: rgb(1, 0, 0) }
              .md\:flex { margin-top: 2px }
              ul > li:nth-child(2) { margin-left: 3px }
              :is(#box, .nothing) .deep { padding-top: 4px }
              div:where(#box) { color: rgb(0, 2, 0) }
              div { color: rgb(0, 0, 3) }
              #box:not(.off) { margin-right: 5px }
              [data-x] { padding-left: 6px }
            </style>
            """#, "<a id=a href='x.pdf'>a</a><p id=m class='md:flex'>m</p><ul><li>1</li><li id=l>2</li></ul><div id=box><b class=deep id=deep data-x>d</b></div>")
        let out = try await webView.evaluateJavaScript("""
            function cs(id) { return getComputedStyle(document.getElementById(id)); }
            [cs('a').color, cs('m').marginTop, cs('l').marginLeft, cs('deep').paddingTop, cs('box').color,
             cs('box').marginRight, cs('deep').paddingLeft]
            """)
        // :where() adds no specificity: `div` comes later and wins.
        #expect(out == ["rgb(1, 0, 0)", "2px", "3px", "4px", "rgb(0, 0, 3)", "5px", "6px"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func linkedStylesheetsLoadThroughThePageAndFireLoadOrError() async throws {
        let fixture = try PageFixture([
            "page.html": """
                <!doctype html><html><head>
                <link rel=stylesheet href="css/site.css" onload="window.events = (window.events || []).concat('site load')">
                <link rel=stylesheet href="css/missing.css" onerror="window.events = (window.events || []).concat('missing error')">
                <link rel=icon href="icon.png">
                </head><body><p id=p>x</p></body></html>
                """,
            "css/site.css": "#p { color: rgb(4, 5, 6) } @media (max-width: 10px) { #p { color: red } }",
        ])
        let (webView, log) = makeWebView()
        try await webView.load(fixture.url("page.html"))
        let out = try await webView.callAsyncJavaScript("""
            new Promise(function (resolve) {
              (function wait() {
                if ((window.events || []).length < 2) { setTimeout(wait, 0); return; }
                var links = document.querySelectorAll('link');
                resolve(JSON.stringify([window.events.slice().sort(), document.styleSheets.length,
                  /css\\/site\\.css$/.test(document.styleSheets[0].href), links[0].sheet.cssRules.length,
                  links[1].sheet, links[2].sheet, getComputedStyle(document.getElementById('p')).color]));
              })();
            })
            """)
        #expect(out.stringValue == #"[["missing error","site load"],1,true,2,null,null,"rgb(4, 5, 6)"]"#)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func inlineStyleTakesCustomPropertiesAndPseudoElementsHaveTheirOwnStyle() async throws {
        let (webView, log) = try await open(#"<style id=s>p::before { content: "hi"; color: rgb(1, 1, 1) } p { color: rgb(2, 2, 2) }</style>"#,
                                            "<p id=p>x</p>")
        let out = try await webView.evaluateJavaScript("""
            var p = document.getElementById('p');
            p.style.setProperty('--x', '5px');
            p.style.setProperty('margin-top', 'var(--x)');
            p.style.setProperty('color', 'rgb(3, 3, 3)', 'important');
            p.style.setProperty('margin-left', 'bogus');
            var c = getComputedStyle(p), before = getComputedStyle(p, '::before');
            var log = [p.style.getPropertyValue('--x'), p.style.getPropertyPriority('color'), p.style.getPropertyValue('margin-left'),
                       c.marginTop, c.color, c.getPropertyValue('--x'), before.content, before.color, getComputedStyle(p, '::after').content];
            document.getElementById('s').sheet.cssRules[1].style.setProperty('padding-top', '9px');
            log.push(c.paddingTop);
            try { getComputedStyle(null); log.push('no error'); } catch (e) { log.push(e.name); }
            try { c.setProperty('color', 'red'); log.push('no error'); } catch (e) { log.push(e.name); }
            log
            """)
        #expect(out == ["5px", "important", "", "5px", "rgb(3, 3, 3)", "5px", "\"hi\"", "rgb(1, 1, 1)", "none", "9px",
                        "TypeError", "NoModificationAllowedError"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    /// domino's CSS parser (about a tenth of domino's set-up) loads on the first style attribute parsed, not with
    /// every page: `require.cache` shows its module not yet run after a load that parses none.
    @Test func theStyleAttributeParserLoadsOnFirstUse() async throws {
        let (webView, log) = try await open("", "<p id=p>x</p><i id=i>y</i>")
        func parserLoaded() async throws -> Bool? {
            try await webView.withDocument { document -> Bool? in
                guard let require = document.env?["require"] else { return nil }
                let check = try document.context.evaluate(
                    "(function (require) { return require.cache[require.resolve('domino/lib/cssparser.js')].loaded; })")
                return try check.call(arguments: [require]).toBool()
            } ?? nil
        }
        #expect(try await parserLoaded() == false)
        let out = try await webView.evaluateJavaScript("""
            var p = document.getElementById('p'), i = document.getElementById('i');
            p.setAttribute('style', 'color: red; margin-top: 4px');
            i.style.setProperty('--x', '5px');
            i.style.setProperty('padding-left', 'var(--x)');
            [p.style.color, p.style.marginTop, p.style.length, getComputedStyle(i).paddingLeft, CSS.supports('color', 'red'),
             CSS.supports('color', 'bogus')]
            """)
        #expect(out == ["red", "4px", 2, "5px", true, false])
        #expect(try await parserLoaded() == true)
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }

    @Test func cssNamespaceSupportsAndEscape() async throws {
        let (webView, log) = try await open("", "")
        let out = try await webView.evaluateJavaScript("""
            [CSS.supports('display', 'flex'), CSS.supports('(display: grid)'), CSS.supports('colour', 'red'),
             CSS.supports('not (display: bogus)'), CSS.escape('1a b#c'), CSS.escape('-')]
            """)
        #expect(out == [true, true, false, true, "\\31 a\\ b\\#c", "\\-"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
    /// observed on WebKitGTK 2.50: emptying a parent whose children have cached styles under structural selectors
    /// (jQuery's empty(), a datepicker re-rendering its month) works, and the children restyle where they go next
    /// (the style cache's walk threw a TypeError on a child domino had already cut off).
    @Test func emptyingAParentWithStructuralSelectorsAndReinsertingItsChildren() async throws {
        let (webView, log) = try await open("""
            <style>li:first-child { color: rgb(255, 0, 0) } li + li { color: rgb(0, 0, 255) }</style>
            """, "<ul id=list><li><b>1</b></li><li><i>2</i></li><li>3</li></ul>")
        let out = try await webView.evaluateJavaScript("""
            (function () {
              var list = document.getElementById('list'), log = [];
              var kids = Array.prototype.slice.call(list.children);
              log.push(kids.map(function (li) { return getComputedStyle(li).color; }).join(' '));
              list.textContent = '';
              log.push(list.children.length);
              list.appendChild(kids[2]);
              list.appendChild(kids[0]);
              log.push(Array.prototype.map.call(list.children, function (li) { return li.textContent + ' ' + getComputedStyle(li).color; }).join(', '));
              return log;
            })()
            """)
        #expect(out == ["rgb(255, 0, 0) rgb(0, 0, 255) rgb(0, 0, 255)", 0, "3 rgb(255, 0, 0), 1 rgb(0, 0, 255)"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
    /// observed on WebKitGTK 2.50: the `dir` attribute sets `direction` (the user-agent sheet's `[dir=rtl i]`), which
    /// descendants inherit; an invalid value sets nothing. i18next's Arabic page puts `dir="rtl"` on `<html>`
    /// (web/frameworks/i18next.test.html); the body's direction stayed ltr headless.
    @Test func dirAttributeSetsTheInheritedDirection() async throws {
        let (webView, log) = try await open("", """
            <div id=a><p id=p>x</p><span id=s dir=LTR>y</span><b id=b dir=RTL>z</b><i id=w dir=sideways>w</i></div>
            """)
        let out = try await webView.evaluateJavaScript("""
            (function () {
              function d(id) { return getComputedStyle(document.getElementById(id)).direction; }
              var root = document.documentElement, out = [];
              out.push([d('a'), d('p'), d('s'), d('b'), d('w'), getComputedStyle(document.body).direction].join(' '));
              root.dir = 'rtl';
              out.push([d('a'), d('p'), d('s'), d('b'), d('w'), getComputedStyle(document.body).direction].join(' '));
              document.getElementById('a').setAttribute('dir', 'ltr');
              out.push([d('a'), d('p'), d('b')].join(' '));
              root.removeAttribute('dir');
              document.getElementById('a').removeAttribute('dir');
              out.push([d('a'), d('p'), d('b')].join(' '));
              return out;
            })()
            """)
        #expect(out == ["ltr ltr ltr rtl ltr ltr", "rtl rtl ltr rtl rtl rtl", "ltr ltr rtl", "ltr ltr rtl"])
        #expect(log.exceptions.isEmpty)
        await webView.close()
    }
}
