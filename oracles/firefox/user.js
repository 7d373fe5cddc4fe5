// Firefox oracle profile for `gesture-sandbox toolkits` (oracles/firefox/oracle.html): copied into a
// fresh private profile folder before every start. Every gesture value the model uses is pinned here
// to Firefox's own default, so a changed default shows up as a disagreement, not as silent drift.

// Touch events on, whatever Firefox would detect about the hardware (the default, 2, autodetects).
user_pref("dom.w3c_touch_events.enabled", 1);
// The page's dump() writes its JSON lines to standard output.
user_pref("browser.dom.window.dump.enabled", true);
// Gesture values (modules/libpref/init/StaticPrefList.yaml defaults).
user_pref("ui.click_hold_context_menus.delay", 500);
user_pref("apz.max_tap_time", 300);
user_pref("apz.touch_start_tolerance", "0.1");
user_pref("apz.second_tap_tolerance", "0.5");
user_pref("layout.css.devPixelsPerPx", "1.0");

// No first-run, welcome, default-browser or what's-new pages; nothing restored from a crash.
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.page", 0);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("startup.homepage_welcome_url", "");
user_pref("startup.homepage_welcome_url.additional", "");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("trailhead.firstrun.didSeeAboutWelcome", true);
user_pref("browser.sessionstore.resume_from_crash", false);
user_pref("browser.tabs.warnOnClose", false);
user_pref("toolkit.startup.max_resumed_crashes", -1);
// No telemetry, reports, studies, updates or background network.
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("toolkit.telemetry.unified", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.normandy.enabled", false);
user_pref("app.shield.optoutstudies.enabled", false);
user_pref("app.update.auto", false);
user_pref("app.update.enabled", false);
user_pref("extensions.update.enabled", false);
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("browser.newtabpage.enabled", false);
user_pref("extensions.pocket.enabled", false);
user_pref("browser.region.update.enabled", false);
user_pref("browser.search.update", false);
// No experiments or top sites: they only fetch, and fail loudly, with no network. (Remote Settings
// still tries: Firefox ignores a changed services.settings.server unless MOZ_REMOTE_SETTINGS_DEVTOOLS
// is set, and its errors on standard output are no JSON lines.)
user_pref("messaging-system.rsexperimentloader.enabled", false);
user_pref("browser.newtabpage.activity-stream.feeds.topsites", false);
user_pref("browser.newtabpage.activity-stream.feeds.system.topsites", false);
user_pref("browser.ping-centre.telemetry", false);
