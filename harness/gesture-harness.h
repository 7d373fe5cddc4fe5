/*
 * Shared state of the GestureSandbox harness module (one per compositor).
 */
#ifndef GESTURE_HARNESS_H
#define GESTURE_HARNESS_H

#include <libweston/libweston.h>
#include <wayland-server.h>

#define HARNESS_LOG_PREFIX "gesture-harness: "

struct harness {
	struct weston_compositor *compositor;
	/* Our own seat: weston_seat_init memsets it, so it lives here whole. */
	struct weston_seat seat;
	/* NULL while set_touch_capability(0) has removed the touch device. */
	struct weston_touch_device *touch_device;
	struct wl_global *global;
	/* Bound gesture_harness_v1 resources (wl_resource_get_link). */
	struct wl_list resources;
	/* struct tracked_surface::link, see surface-commits.c */
	struct wl_list surfaces;
	struct wl_listener create_surface_listener;
	struct wl_listener compositor_destroy_listener;
	/* The client that most recently had touch focus, while it is connected:
	 * weston 10 clears the focus at the last up, yet client_frame right
	 * after that up is exactly what a test wants to add. */
	struct wl_client *last_touch_client;
	struct wl_listener last_touch_client_destroy;
};

/* surface-commits.c: commit events for every mapped client surface. */
void harness_commits_init(struct harness *h);
void harness_commits_fini(struct harness *h);

/* client-events.c: client_* requests, sent straight to a client's wl_touch. */
void harness_remember_touch_client(struct harness *h);
void harness_client_cancel(struct harness *h);
void harness_client_shape(struct harness *h, int32_t id, wl_fixed_t major, wl_fixed_t minor);
void harness_client_orientation(struct harness *h, int32_t id, wl_fixed_t orientation);
void harness_client_frame(struct harness *h);
void harness_forget_touch_client(struct harness *h);

#endif
