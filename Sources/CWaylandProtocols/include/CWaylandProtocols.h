// Umbrella header: generated protocol glue plus the few C helpers Swift needs.
#ifndef GESTURE_SANDBOX_CWAYLANDPROTOCOLS_H
#define GESTURE_SANDBOX_CWAYLANDPROTOCOLS_H

#include <poll.h>
#include <stdint.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "input-timestamps-unstable-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "gesture-harness-v1-client-protocol.h"
#include "fake-input-client-protocol.h"
#include "plasma-window-management-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "ext-session-lock-v1-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "input-method-unstable-v2-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"

// Interface globals import into Swift as values, so their addresses are not
// stable there; these accessors hand out the real C addresses.
const struct wl_interface *gs_wl_compositor_interface(void);
const struct wl_interface *gs_wl_shm_interface(void);
const struct wl_interface *gs_wl_seat_interface(void);
const struct wl_interface *gs_wl_output_interface(void);
const struct wl_interface *gs_wl_subcompositor_interface(void);
const struct wl_interface *gs_wl_data_device_manager_interface(void);
const struct wl_interface *gs_xdg_wm_base_interface(void);
const struct wl_interface *gs_wp_viewporter_interface(void);
const struct wl_interface *gs_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *gs_zxdg_decoration_manager_v1_interface(void);
const struct wl_interface *gs_zwp_input_timestamps_manager_v1_interface(void);
const struct wl_interface *gs_wp_presentation_interface(void);
const struct wl_interface *gs_gesture_harness_v1_interface(void);
const struct wl_interface *gs_org_kde_kwin_fake_input_interface(void);
const struct wl_interface *gs_org_kde_plasma_window_management_interface(void);
const struct wl_interface *gs_zwlr_layer_shell_v1_interface(void);
const struct wl_interface *gs_ext_session_lock_manager_v1_interface(void);
const struct wl_interface *gs_zwp_text_input_manager_v3_interface(void);
const struct wl_interface *gs_zwp_input_method_manager_v2_interface(void);
const struct wl_interface *gs_zwp_virtual_keyboard_manager_v1_interface(void);

// memfd_create and file seals need _GNU_SOURCE, which Swift's Glibc import does not set.
// Returns a sealed-growable anonymous file of `size` bytes, or -1 with errno set.
int gs_create_shm_file(const char *name, int64_t size);

// dl_iterate_phdr (link.h) is not in Swift's Glibc import. Unmaps from this process the pages of
// every loaded object's executable segments (MADV_DONTNEED), skipping objects with text
// relocations, whose code pages are private copies; clean code pages are mapped back from the
// page cache when they run again.
void gs_release_code_pages(void);

// signalfd/timerfd are not in Swift's Glibc import. All return -1 with errno set on failure.
// Blocks `signals` in the calling thread (threads it starts later inherit that) and opens a
// non-blocking signalfd for them; bit (signo - 1) of *was_blocked says a signal was blocked before.
int gs_signalfd_open(const int *signals, int count, uint64_t *was_blocked);
// Unblocks `signals` in the calling thread.
int gs_signals_unblock(const int *signals, int count);
// Reads one pending signal: its number, or 0 when none is pending.
int gs_signalfd_read(int fd);
// A non-blocking, close-on-exec CLOCK_MONOTONIC timerfd.
int gs_timerfd_create_monotonic(void);
// Arms a one-shot expiry at an absolute CLOCK_MONOTONIC time (0, 0 would disarm: use gs_timerfd_disarm).
int gs_timerfd_arm_absolute(int fd, int64_t seconds, int64_t nanoseconds);
// Disarms the timer.
int gs_timerfd_disarm(int fd);
// Sets the calling thread's timer slack (ns; prctl is variadic, which Swift cannot call).
int gs_set_timer_slack(unsigned long nanoseconds);
// Reads the expiration count: 0 when the timer has not expired.
int64_t gs_timerfd_drain(int fd);
// poll() with a timeout in nanoseconds (ppoll is not in Swift's Glibc import either); a negative
// timeout waits forever. poll()'s whole milliseconds would move a wakeup by up to 1 ms.
int gs_poll_nanoseconds(struct pollfd *fds, int count, int64_t timeout);

// struct ucred (SO_PEERCRED) needs _GNU_SOURCE too. The pid of the process at the other end of
// the Unix socket `fd`: 0 when that process is in a pid namespace this one cannot see, -1 with
// errno set when the socket has no such peer.
int gs_socket_peer_pid(int fd);

#endif
