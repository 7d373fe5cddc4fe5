/*
 * GestureSandbox harness: a weston 10 module that gives a private headless
 * compositor a seat ("harness-seat" with touch, pointer and keyboard; with
 * GESTURE_HARNESS_SEAT=touch-only in weston's environment, touch and keyboard
 * and no pointer, as a touchscreen kiosk) and the gesture_harness_v1 global
 * through which tests inject input.
 *
 * Touch, pointer and key requests go through weston's own notify_* input
 * path, so clients see weston's real behaviour (weston 10 drops the frame
 * after the last up and never sends cancel, shape or orientation); nothing
 * is added unless a client_* request asks for it (client-events.c).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#include "gesture-harness.h"
#include "weston-private.h"
#include "gesture-harness-v1-server-protocol.h"

#define HARNESS_SEAT_NAME "harness-seat"
/* weston asserts a non-NULL syspath: the device's unique name. */
#define HARNESS_TOUCH_SYSPATH "/dev/harness-touch"
#define HARNESS_VERSION 1
/* The environment variable naming the seat's kind, and its one other value. */
#define HARNESS_SEAT_ENV "GESTURE_HARNESS_SEAT"
#define HARNESS_SEAT_TOUCH_ONLY "touch-only"

static struct harness *
harness_from(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static void
now_monotonic(struct timespec *ts)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
}

// MARK: - Touch through weston's input path

static void
touch_notify(struct wl_resource *resource, int32_t id, wl_fixed_t x, wl_fixed_t y,
	     int type, const char *request)
{
	struct harness *h = harness_from(resource);
	struct timespec now;

	if (!h->touch_device) {
		weston_log(HARNESS_LOG_PREFIX "%s ignored: touch capability is removed\n", request);
		return;
	}
	now_monotonic(&now);
	notify_touch_normalized(h->touch_device, &now, id, wl_fixed_to_double(x),
				wl_fixed_to_double(y), NULL, type);
	if (type == WL_TOUCH_DOWN)
		harness_remember_touch_client(h);
}

static void
touch_down(struct wl_client *client, struct wl_resource *resource,
	   int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	touch_notify(resource, id, x, y, WL_TOUCH_DOWN, "touch_down");
}

static void
touch_motion(struct wl_client *client, struct wl_resource *resource,
	     int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	touch_notify(resource, id, x, y, WL_TOUCH_MOTION, "touch_motion");
}

static void
touch_up(struct wl_client *client, struct wl_resource *resource, int32_t id)
{
	touch_notify(resource, id, 0, 0, WL_TOUCH_UP, "touch_up");
}

static void
touch_frame(struct wl_client *client, struct wl_resource *resource)
{
	struct harness *h = harness_from(resource);

	if (!h->touch_device) {
		weston_log(HARNESS_LOG_PREFIX "touch_frame ignored: touch capability is removed\n");
		return;
	}
	notify_touch_frame(h->touch_device);
}

static void
set_touch_capability(struct wl_client *client, struct wl_resource *resource, uint32_t enabled)
{
	struct harness *h = harness_from(resource);

	if (enabled && !h->touch_device) {
		weston_seat_init_touch(&h->seat);
		h->touch_device = weston_touch_create_touch_device(h->seat.touch_state,
								   HARNESS_TOUCH_SYSPATH, NULL, NULL);
		if (!h->touch_device)
			weston_log(HARNESS_LOG_PREFIX "could not create the touch device\n");
	} else if (!enabled && h->touch_device) {
		/* As a device unplug: weston drops focus and points, sends no cancel. */
		weston_touch_device_destroy(h->touch_device);
		h->touch_device = NULL;
		weston_seat_release_touch(&h->seat);
	}
}

// MARK: - client_* requests (client-events.c)

static void
client_cancel(struct wl_client *client, struct wl_resource *resource)
{
	harness_client_cancel(harness_from(resource));
}

static void
client_shape(struct wl_client *client, struct wl_resource *resource,
	     int32_t id, wl_fixed_t major, wl_fixed_t minor)
{
	harness_client_shape(harness_from(resource), id, major, minor);
}

static void
client_orientation(struct wl_client *client, struct wl_resource *resource,
		   int32_t id, wl_fixed_t orientation)
{
	harness_client_orientation(harness_from(resource), id, orientation);
}

static void
client_frame(struct wl_client *client, struct wl_resource *resource)
{
	harness_client_frame(harness_from(resource));
}

// MARK: - Pointer and keyboard

/* Backends follow every pointer event with a pointer frame; so do we. */
static void
pointer_motion(struct wl_client *client, struct wl_resource *resource, wl_fixed_t x, wl_fixed_t y)
{
	struct harness *h = harness_from(resource);
	struct timespec now;

	/* weston dereferences the seat's pointer: a touch-only seat has none to move. */
	if (!weston_seat_get_pointer(&h->seat)) {
		weston_log(HARNESS_LOG_PREFIX "pointer_motion on a seat without a pointer: ignored\n");
		return;
	}
	now_monotonic(&now);
	notify_motion_absolute(&h->seat, &now, wl_fixed_to_double(x), wl_fixed_to_double(y));
	notify_pointer_frame(&h->seat);
}

static void
pointer_button(struct wl_client *client, struct wl_resource *resource,
	       uint32_t button, uint32_t pressed)
{
	struct harness *h = harness_from(resource);
	struct timespec now;

	if (!weston_seat_get_pointer(&h->seat)) {
		weston_log(HARNESS_LOG_PREFIX "pointer_button on a seat without a pointer: ignored\n");
		return;
	}
	now_monotonic(&now);
	notify_button(&h->seat, &now, (int32_t)button,
		      pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
	notify_pointer_frame(&h->seat);
}

static void
key(struct wl_client *client, struct wl_resource *resource, uint32_t key, uint32_t pressed)
{
	struct harness *h = harness_from(resource);
	struct timespec now;

	now_monotonic(&now);
	notify_key(&h->seat, &now, key,
		   pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
		   STATE_UPDATE_AUTOMATIC);
}

// MARK: - pick

static void
pick_destroy(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

static const struct gesture_harness_pick_v1_interface pick_implementation = {
	.destroy = pick_destroy,
};

static void
pick(struct wl_client *client, struct wl_resource *resource, uint32_t id,
     wl_fixed_t x, wl_fixed_t y)
{
	struct harness *h = harness_from(resource);
	struct wl_resource *result;
	struct weston_view *view;
	wl_fixed_t sx, sy;
	float gx, gy;
	pid_t pid = 0;

	result = wl_resource_create(client, &gesture_harness_pick_v1_interface,
				    wl_resource_get_version(resource), id);
	if (!result) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(result, &pick_implementation, NULL, NULL);

	view = weston_compositor_pick_view(h->compositor, x, y, &sx, &sy);
	if (!view || !view->surface->resource) {
		gesture_harness_pick_v1_send_nothing(result);
		return;
	}
	weston_view_to_global_float(view, 0, 0, &gx, &gy);
	wl_client_get_credentials(wl_resource_get_client(view->surface->resource), &pid, NULL, NULL);
	gesture_harness_pick_v1_send_picked(result, (int32_t)gx, (int32_t)gy,
					    view->surface->width, view->surface->height,
					    (uint32_t)pid);
}

// MARK: - Global

static void
harness_destroy_request(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

static const struct gesture_harness_v1_interface harness_implementation = {
	.destroy = harness_destroy_request,
	.touch_down = touch_down,
	.touch_motion = touch_motion,
	.touch_up = touch_up,
	.touch_frame = touch_frame,
	.client_cancel = client_cancel,
	.client_shape = client_shape,
	.client_orientation = client_orientation,
	.client_frame = client_frame,
	.set_touch_capability = set_touch_capability,
	.pointer_motion = pointer_motion,
	.pointer_button = pointer_button,
	.key = key,
	.pick = pick,
};

static void
harness_resource_gone(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_harness(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct harness *h = data;
	struct wl_resource *resource;

	resource = wl_resource_create(client, &gesture_harness_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &harness_implementation, h, harness_resource_gone);
	wl_list_insert(&h->resources, wl_resource_get_link(resource));
}

// MARK: - Module lifetime

static void
compositor_destroyed(struct wl_listener *listener, void *data)
{
	struct harness *h = wl_container_of(listener, h, compositor_destroy_listener);
	struct wl_resource *resource, *next;

	wl_list_remove(&h->compositor_destroy_listener.link);
	harness_commits_fini(h);
	harness_forget_touch_client(h);
	/* Resources outlive us until wl_display_destroy frees their clients,
	 * which dispatches no more requests: only unhook them from our list. */
	wl_resource_for_each_safe(resource, next, &h->resources) {
		wl_resource_set_user_data(resource, NULL);
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
	}
	wl_global_destroy(h->global);
	if (h->touch_device)
		weston_touch_device_destroy(h->touch_device);
	weston_seat_release(&h->seat);
	free(h);
}

static void
init_seat(struct harness *h)
{
	const char *kind = getenv(HARNESS_SEAT_ENV);

	weston_seat_init(&h->seat, h->compositor, HARNESS_SEAT_NAME);
	if (kind && strcmp(kind, HARNESS_SEAT_TOUCH_ONLY) == 0)
		weston_log(HARNESS_LOG_PREFIX "touch-only seat: no pointer\n");
	else
		weston_seat_init_pointer(&h->seat);
	/* NULL: the compositor's default keymap. */
	if (weston_seat_init_keyboard(&h->seat, NULL) < 0)
		weston_log(HARNESS_LOG_PREFIX "no keyboard: key requests do nothing\n");
	weston_seat_init_touch(&h->seat);
	h->touch_device = weston_touch_create_touch_device(h->seat.touch_state,
							   HARNESS_TOUCH_SYSPATH, NULL, NULL);
	if (!h->touch_device)
		weston_log(HARNESS_LOG_PREFIX "could not create the touch device\n");
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	struct harness *h = calloc(1, sizeof *h);

	if (!h)
		return -1;
	h->compositor = compositor;
	wl_list_init(&h->resources);
	wl_list_init(&h->last_touch_client_destroy.link);
	init_seat(h);
	harness_commits_init(h);
	h->global = wl_global_create(compositor->wl_display, &gesture_harness_v1_interface,
				     HARNESS_VERSION, h, bind_harness);
	if (!h->global) {
		weston_log(HARNESS_LOG_PREFIX "could not create the gesture_harness_v1 global\n");
		return -1;
	}
	h->compositor_destroy_listener.notify = compositor_destroyed;
	wl_signal_add(&compositor->destroy_signal, &h->compositor_destroy_listener);
	weston_log(HARNESS_LOG_PREFIX "seat \"%s\" and gesture_harness_v1 ready\n", HARNESS_SEAT_NAME);
	return 0;
}
