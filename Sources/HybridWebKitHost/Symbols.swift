import Glibc

/// The few GTK 3, GLib, WebKitGTK 4.1, JavaScriptCore and Cairo functions the host calls, looked up with `dlsym` in
/// `libwebkit2gtk-4.1.so.0` (and the libraries it links), so that the package builds without WebKitGTK or its headers.
/// Pointers to GLib and WebKit objects are opaque here.
struct Symbols: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    typealias Callback = @convention(c) () -> Void
    typealias AsyncReady = @convention(c) (Pointer?, Pointer?, UnsafeMutableRawPointer?) -> Void
    typealias SourceFunction = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    let gtkInitCheck: @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutableRawPointer?) -> Int32
    let gtkOffscreenWindowNew: @convention(c) () -> Pointer?
    let gtkWindowSetDefaultSize: @convention(c) (Pointer?, Int32, Int32) -> Void
    let gtkWidgetSetSizeRequest: @convention(c) (Pointer?, Int32, Int32) -> Void
    let gtkContainerAdd: @convention(c) (Pointer?, Pointer?) -> Void
    let gtkWidgetShowAll: @convention(c) (Pointer?) -> Void
    let gtkMain: @convention(c) () -> Void
    let gtkMainQuit: @convention(c) () -> Void
    let idleAdd: @convention(c) (SourceFunction, UnsafeMutableRawPointer?) -> UInt32
    let signalConnectData: @convention(c) (Pointer?, UnsafePointer<CChar>, Callback, UnsafeMutableRawPointer?,
                                           Pointer?, Int32) -> UInt
    let gFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let objectUnref: @convention(c) (Pointer?) -> Void
    let objectRef: @convention(c) (Pointer?) -> Pointer?

    let webViewNew: @convention(c) () -> Pointer?
    let loadURI: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Void
    let loadHTML: @convention(c) (Pointer?, UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Void
    let evaluateJavaScript: @convention(c) (Pointer?, UnsafePointer<CChar>, Int, UnsafePointer<CChar>?,
                                            UnsafePointer<CChar>?, Pointer?, AsyncReady,
                                            UnsafeMutableRawPointer?) -> Void
    let evaluateJavaScriptFinish: @convention(c) (Pointer?, Pointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
        -> Pointer?
    let callAsyncJavaScriptFunction: @convention(c) (Pointer?, UnsafePointer<CChar>, Int, Pointer?,
                                                     UnsafePointer<CChar>?, UnsafePointer<CChar>?, Pointer?, AsyncReady,
                                                     UnsafeMutableRawPointer?) -> Void
    let callAsyncJavaScriptFunctionFinish: @convention(c) (Pointer?, Pointer?,
                                                           UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Pointer?
    let getSnapshot: @convention(c) (Pointer?, Int32, Int32, Pointer?, AsyncReady, UnsafeMutableRawPointer?) -> Void
    let getSnapshotFinish: @convention(c) (Pointer?, Pointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
        -> Pointer?
    let terminateWebProcess: @convention(c) (Pointer?) -> Void
    let getSettings: @convention(c) (Pointer?) -> Pointer?
    let setUserAgent: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Void
    let getUserContentManager: @convention(c) (Pointer?) -> Pointer?
    let registerScriptMessageHandler: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Int32
    let userScriptNew: @convention(c) (UnsafePointer<CChar>, Int32, Int32, Pointer?, Pointer?) -> Pointer?
    let addScript: @convention(c) (Pointer?, Pointer?) -> Void
    let javascriptResultGetJSValue: @convention(c) (Pointer?) -> Pointer?
    let registerScriptMessageHandlerWithReply: @convention(c) (Pointer?, UnsafePointer<CChar>, UnsafePointer<CChar>?)
        -> Int32
    let scriptMessageReplyRef: @convention(c) (Pointer?) -> Pointer?
    let scriptMessageReplyUnref: @convention(c) (Pointer?) -> Void
    let scriptMessageReplyReturnValue: @convention(c) (Pointer?, Pointer?) -> Void
    let scriptMessageReplyReturnErrorMessage: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Void
    let navigationPolicyDecisionGetNavigationAction: @convention(c) (Pointer?) -> Pointer?
    let navigationActionGetRequest: @convention(c) (Pointer?) -> Pointer?
    let uriRequestGetURI: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    let policyDecisionIgnore: @convention(c) (Pointer?) -> Void
    let getURI: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    let scriptDialogGetDialogType: @convention(c) (Pointer?) -> Int32
    let scriptDialogGetMessage: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    let scriptDialogConfirmSetConfirmed: @convention(c) (Pointer?, Int32) -> Void
    let scriptDialogPromptGetDefaultText: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    let scriptDialogPromptSetText: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Void
    let scriptDialogRef: @convention(c) (Pointer?) -> Pointer?
    let scriptDialogUnref: @convention(c) (Pointer?) -> Void
    let scriptDialogClose: @convention(c) (Pointer?) -> Void

    let jscValueToJSON: @convention(c) (Pointer?, UInt32) -> UnsafeMutablePointer<CChar>?
    let jscValueToString: @convention(c) (Pointer?) -> UnsafeMutablePointer<CChar>?
    let jscValueIsUndefined: @convention(c) (Pointer?) -> Int32
    let jscValueGetContext: @convention(c) (Pointer?) -> Pointer?
    let jscValueNewFromJSON: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Pointer?

    let cairoWriteToPNG: @convention(c) (Pointer?, UnsafePointer<CChar>) -> Int32
    let cairoSurfaceDestroy: @convention(c) (Pointer?) -> Void
    let cairoImageSurfaceGetWidth: @convention(c) (Pointer?) -> Int32

    // Cookies: WebKit's cookie manager, libsoup's cookies, GLib's URIs and lists.
    let getWebsiteDataManager: @convention(c) (Pointer?) -> Pointer?
    let getCookieManager: @convention(c) (Pointer?) -> Pointer?
    let cookieManagerAddCookie: @convention(c) (Pointer?, Pointer?, Pointer?, AsyncReady, UnsafeMutableRawPointer?)
        -> Void
    let cookieManagerAddCookieFinish: @convention(c) (Pointer?, Pointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
        -> Int32
    let cookieManagerGetCookies: @convention(c) (Pointer?, UnsafePointer<CChar>, Pointer?, AsyncReady,
                                                 UnsafeMutableRawPointer?) -> Void
    /// Returns a `GList *` of `SoupCookie *`.
    let cookieManagerGetCookiesFinish: @convention(c) (Pointer?, Pointer?,
                                                       UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
        -> UnsafeMutableRawPointer?
    let soupCookieParse: @convention(c) (UnsafePointer<CChar>, Pointer?) -> Pointer?
    let soupCookieFree: @convention(c) (Pointer?) -> Void
    let soupCookieGetName: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    let soupCookieGetValue: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    let soupCookieGetHTTPOnly: @convention(c) (Pointer?) -> Int32
    let uriParse: @convention(c) (UnsafePointer<CChar>, UInt32, UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
        -> Pointer?
    let uriUnref: @convention(c) (Pointer?) -> Void
    let listFree: @convention(c) (UnsafeMutableRawPointer?) -> Void

    // The page's subresources: their responses' HTTP status (a script that failed to load is reported with it).
    let webResourceGetURI: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    let webResourceGetResponse: @convention(c) (Pointer?) -> Pointer?
    let uriResponseGetStatusCode: @convention(c) (Pointer?) -> UInt32

    /// Loads WebKitGTK, or says why it cannot be loaded.
    static func load() -> Result<Symbols, LoadError> {
        guard let handle = dlopen("libwebkit2gtk-4.1.so.0", RTLD_NOW | RTLD_GLOBAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(LoadError(message: "WebKitGTK (libwebkit2gtk-4.1.so.0) cannot be loaded: \(reason). "
                + "Install it with scripts/bootstrap --webkit"))
        }
        var missing: [String] = []
        func symbol<F>(_ name: String, _ type: F.Type = F.self) -> F {
            guard let address = dlsym(handle, name) else {
                missing.append(name)
                return unsafeBitCast(dlsym(handle, "gtk_main_quit") ?? UnsafeMutableRawPointer(bitPattern: 1)!,
                                     to: type)
            }
            return unsafeBitCast(address, to: type)
        }
        let symbols = Symbols(
            gtkInitCheck: symbol("gtk_init_check"),
            gtkOffscreenWindowNew: symbol("gtk_offscreen_window_new"),
            gtkWindowSetDefaultSize: symbol("gtk_window_set_default_size"),
            gtkWidgetSetSizeRequest: symbol("gtk_widget_set_size_request"),
            gtkContainerAdd: symbol("gtk_container_add"),
            gtkWidgetShowAll: symbol("gtk_widget_show_all"),
            gtkMain: symbol("gtk_main"),
            gtkMainQuit: symbol("gtk_main_quit"),
            idleAdd: symbol("g_idle_add"),
            signalConnectData: symbol("g_signal_connect_data"),
            gFree: symbol("g_free"),
            errorFree: symbol("g_error_free"),
            objectUnref: symbol("g_object_unref"),
            objectRef: symbol("g_object_ref"),
            webViewNew: symbol("webkit_web_view_new"),
            loadURI: symbol("webkit_web_view_load_uri"),
            loadHTML: symbol("webkit_web_view_load_html"),
            evaluateJavaScript: symbol("webkit_web_view_evaluate_javascript"),
            evaluateJavaScriptFinish: symbol("webkit_web_view_evaluate_javascript_finish"),
            callAsyncJavaScriptFunction: symbol("webkit_web_view_call_async_javascript_function"),
            callAsyncJavaScriptFunctionFinish: symbol("webkit_web_view_call_async_javascript_function_finish"),
            getSnapshot: symbol("webkit_web_view_get_snapshot"),
            getSnapshotFinish: symbol("webkit_web_view_get_snapshot_finish"),
            terminateWebProcess: symbol("webkit_web_view_terminate_web_process"),
            getSettings: symbol("webkit_web_view_get_settings"),
            setUserAgent: symbol("webkit_settings_set_user_agent"),
            getUserContentManager: symbol("webkit_web_view_get_user_content_manager"),
            registerScriptMessageHandler: symbol("webkit_user_content_manager_register_script_message_handler"),
            userScriptNew: symbol("webkit_user_script_new"),
            addScript: symbol("webkit_user_content_manager_add_script"),
            javascriptResultGetJSValue: symbol("webkit_javascript_result_get_js_value"),
            registerScriptMessageHandlerWithReply: symbol(
                "webkit_user_content_manager_register_script_message_handler_with_reply"),
            scriptMessageReplyRef: symbol("webkit_script_message_reply_ref"),
            scriptMessageReplyUnref: symbol("webkit_script_message_reply_unref"),
            scriptMessageReplyReturnValue: symbol("webkit_script_message_reply_return_value"),
            scriptMessageReplyReturnErrorMessage: symbol("webkit_script_message_reply_return_error_message"),
            navigationPolicyDecisionGetNavigationAction: symbol(
                "webkit_navigation_policy_decision_get_navigation_action"),
            navigationActionGetRequest: symbol("webkit_navigation_action_get_request"),
            uriRequestGetURI: symbol("webkit_uri_request_get_uri"),
            policyDecisionIgnore: symbol("webkit_policy_decision_ignore"),
            getURI: symbol("webkit_web_view_get_uri"),
            scriptDialogGetDialogType: symbol("webkit_script_dialog_get_dialog_type"),
            scriptDialogGetMessage: symbol("webkit_script_dialog_get_message"),
            scriptDialogConfirmSetConfirmed: symbol("webkit_script_dialog_confirm_set_confirmed"),
            scriptDialogPromptGetDefaultText: symbol("webkit_script_dialog_prompt_get_default_text"),
            scriptDialogPromptSetText: symbol("webkit_script_dialog_prompt_set_text"),
            scriptDialogRef: symbol("webkit_script_dialog_ref"),
            scriptDialogUnref: symbol("webkit_script_dialog_unref"),
            scriptDialogClose: symbol("webkit_script_dialog_close"),
            jscValueToJSON: symbol("jsc_value_to_json"),
            jscValueToString: symbol("jsc_value_to_string"),
            jscValueIsUndefined: symbol("jsc_value_is_undefined"),
            jscValueGetContext: symbol("jsc_value_get_context"),
            jscValueNewFromJSON: symbol("jsc_value_new_from_json"),
            cairoWriteToPNG: symbol("cairo_surface_write_to_png"),
            cairoSurfaceDestroy: symbol("cairo_surface_destroy"),
            cairoImageSurfaceGetWidth: symbol("cairo_image_surface_get_width"),
            getWebsiteDataManager: symbol("webkit_web_view_get_website_data_manager"),
            getCookieManager: symbol("webkit_website_data_manager_get_cookie_manager"),
            cookieManagerAddCookie: symbol("webkit_cookie_manager_add_cookie"),
            cookieManagerAddCookieFinish: symbol("webkit_cookie_manager_add_cookie_finish"),
            cookieManagerGetCookies: symbol("webkit_cookie_manager_get_cookies"),
            cookieManagerGetCookiesFinish: symbol("webkit_cookie_manager_get_cookies_finish"),
            soupCookieParse: symbol("soup_cookie_parse"),
            soupCookieFree: symbol("soup_cookie_free"),
            soupCookieGetName: symbol("soup_cookie_get_name"),
            soupCookieGetValue: symbol("soup_cookie_get_value"),
            soupCookieGetHTTPOnly: symbol("soup_cookie_get_http_only"),
            uriParse: symbol("g_uri_parse"),
            uriUnref: symbol("g_uri_unref"),
            listFree: symbol("g_list_free"),
            webResourceGetURI: symbol("webkit_web_resource_get_uri"),
            webResourceGetResponse: symbol("webkit_web_resource_get_response"),
            uriResponseGetStatusCode: symbol("webkit_uri_response_get_status_code")
        )
        guard missing.isEmpty else {
            return .failure(LoadError(message: "WebKitGTK (libwebkit2gtk-4.1.so.0) lacks \(missing.joined(separator: ", ")) "
                + "(WebKitGTK 2.40 or later is needed; scripts/bootstrap --webkit installs it)"))
        }
        return .success(symbols)
    }

    struct LoadError: Error { let message: String }

    /// The data of each node of a `GList *` (a node is its data, then the next and previous nodes).
    func listData(_ list: UnsafeMutableRawPointer?) -> [UnsafeMutableRawPointer?] {
        var data: [UnsafeMutableRawPointer?] = []
        var node = list
        while let current = node {
            data.append(current.load(as: UnsafeMutableRawPointer?.self))
            node = current.load(fromByteOffset: MemoryLayout<UnsafeMutableRawPointer?>.stride,
                                as: UnsafeMutableRawPointer?.self)
        }
        return data
    }

    /// The message of a `GError *` (its struct is a quark, a code and the message), freed.
    func takeErrorMessage(_ error: UnsafeMutableRawPointer?) -> String {
        guard let error else { return "unknown error" }
        let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
        errorFree(error)
        return message ?? "unknown error"
    }

    /// A `char *` GLib allocated, as a Swift string, freed.
    func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { gFree(pointer) }
        return String(cString: pointer)
    }
}
