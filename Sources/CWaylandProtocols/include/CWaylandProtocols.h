// Umbrella header: generated protocol glue plus the few C helpers Swift needs.
#ifndef GESTURE_SANDBOX_CWAYLANDPROTOCOLS_H
#define GESTURE_SANDBOX_CWAYLANDPROTOCOLS_H

#include <stdint.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "input-timestamps-unstable-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "gesture-harness-v1-client-protocol.h"

// Interface globals import into Swift as values, so their addresses are not
// stable there; these accessors hand out the real C addresses.
const struct wl_interface *gs_wl_compositor_interface(void);
const struct wl_interface *gs_wl_shm_interface(void);
const struct wl_interface *gs_wl_seat_interface(void);
const struct wl_interface *gs_wl_output_interface(void);
const struct wl_interface *gs_xdg_wm_base_interface(void);
const struct wl_interface *gs_wp_viewporter_interface(void);
const struct wl_interface *gs_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *gs_zxdg_decoration_manager_v1_interface(void);
const struct wl_interface *gs_zwp_input_timestamps_manager_v1_interface(void);
const struct wl_interface *gs_wp_presentation_interface(void);
const struct wl_interface *gs_gesture_harness_v1_interface(void);

// memfd_create and file seals need _GNU_SOURCE, which Swift's Glibc import does not set.
// Returns a sealed-growable anonymous file of `size` bytes, or -1 with errno set.
int gs_create_shm_file(const char *name, int64_t size);

#endif
