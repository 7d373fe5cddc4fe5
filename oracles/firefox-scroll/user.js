// Firefox scrolling oracle profile for `gesture-sandbox toolkits --scroll` (oracles/firefox-scroll/oracle.html):
// copied into a fresh private profile folder before every start. Every value that changes touch scrolling is
// pinned here at Firefox's own default (modules/libpref/init/StaticPrefList.yaml), so a changed default shows up
// as a disagreement with the firefox-153 scroll model, not as silent drift.

// Touch events on, whatever Firefox would detect about the hardware (the default, 2, autodetects).
user_pref("dom.w3c_touch_events.enabled", 1);
// The page's dump() writes its JSON lines to standard output.
user_pref("browser.dom.window.dump.enabled", true);
// Page times to the µs: unrounded, unjittered (measurement only; scrolling does not read them).
user_pref("privacy.reduceTimerPrecision", false);
// One device px per CSS px; no zoom.
user_pref("layout.css.devPixelsPerPx", "1.0");
user_pref("apz.allow_zooming", true);
// APZ scrolls (its default on every desktop), touch events go through it.
user_pref("layers.async-pan-zoom.enabled", true);
// The pan: it starts once the finger is past 0.1 in from its down (through the screen's DPI), one axis at a time.
user_pref("apz.touch_start_tolerance", "0.1");
user_pref("apz.touch_move_tolerance", "0.1");
user_pref("apz.axis_lock.mode", 2);
user_pref("apz.touch_acceleration_factor_x", "1.0");
user_pref("apz.touch_acceleration_factor_y", "1.0");
// The velocity at the lift (SimpleVelocityTracker).
user_pref("apz.velocity_relevance_time_ms", 100);
user_pref("apz.velocity_bias", "0.0");
user_pref("apz.max_velocity_inches_per_ms", "-1.0");
user_pref("apz.fling_curve_threshold_inches_per_ms", "-1.0");
// The fling (DesktopFlingPhysics) and when one starts, stops, and is accelerated by the next.
user_pref("apz.fling_friction", "0.002");
user_pref("apz.fling_stopped_threshold", "0.01");
user_pref("apz.fling_min_velocity_threshold", "0.5");
user_pref("apz.fling_stop_on_tap_threshold", "0.05");
user_pref("apz.fling_accel_base_mult", "1.0");
user_pref("apz.fling_accel_supplemental_mult", "1.0");
user_pref("apz.fling_accel_min_fling_velocity", "1.5");
user_pref("apz.fling_accel_min_pan_velocity", "0.8");
user_pref("apz.fling_accel_max_pause_interval_ms", 50);
// No overscroll (Linux's default): the strokes never reach an end anyway.
user_pref("apz.overscroll.enabled", false);
// Wheel and keyboard smooth scrolling: not touch, pinned so nothing else animates the offset.
user_pref("general.smoothScroll", true);
// Gesture values of the gesture oracle (a quick touch is still a tap).
user_pref("ui.click_hold_context_menus.delay", 500);
user_pref("apz.max_tap_time", 300);
user_pref("apz.second_tap_tolerance", "0.5");

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
