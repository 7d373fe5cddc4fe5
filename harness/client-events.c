/*
 * client_* requests: events sent straight to one client's wl_touch resources,
 * standing in for things weston 10 never does itself (cancel on a gesture
 * takeover, shape, orientation, an extra frame).
 *
 * The target is the client owning the current touch focus view; when there
 * is none (weston 10 clears the focus at the last up), the client that had
 * touch focus most recently, while it is still connected.
 */
#include <time.h>

#include "gesture-harness.h"
#include "weston-private.h"

/* A touch id no test uses: weston ignores the id of an up with no focus. */
#define RELEASE_TOUCH_ID (-1)

// MARK: - Target client

static void
last_touch_client_destroyed(struct wl_listener *listener, void *data)
{
	struct harness *h = wl_container_of(listener, h, last_touch_client_destroy);

	wl_list_remove(&h->last_touch_client_destroy.link);
	wl_list_init(&h->last_touch_client_destroy.link);
	h->last_touch_client = NULL;
}

void
harness_forget_touch_client(struct harness *h)
{
	wl_list_remove(&h->last_touch_client_destroy.link);
	wl_list_init(&h->last_touch_client_destroy.link);
	h->last_touch_client = NULL;
}

void
harness_remember_touch_client(struct harness *h)
{
	struct weston_touch *touch = h->seat.touch_state;
	struct wl_client *client;

	if (!touch || !touch->focus || !touch->focus->surface->resource)
		return;
	client = wl_resource_get_client(touch->focus->surface->resource);
	if (client == h->last_touch_client)
		return;
	harness_forget_touch_client(h);
	h->last_touch_client = client;
	h->last_touch_client_destroy.notify = last_touch_client_destroyed;
	wl_client_add_destroy_listener(client, &h->last_touch_client_destroy);
}

static struct wl_client *
target_client(struct harness *h, const char *request)
{
	struct weston_touch *touch = h->seat.touch_state;

	if (touch && touch->focus && touch->focus->surface->resource)
		return wl_resource_get_client(touch->focus->surface->resource);
	if (h->last_touch_client)
		return h->last_touch_client;
	weston_log(HARNESS_LOG_PREFIX "%s ignored: no client has had touch focus\n", request);
	return NULL;
}

// MARK: - Sending to a client's wl_touch resources

typedef void (*touch_sender)(struct wl_resource *resource, const void *args);

/* The client's resources sit in focus_resource_list while it has focus and
 * in resource_list otherwise; walking both reaches every one exactly once. */
static int
send_to_client(struct harness *h, struct wl_client *client, uint32_t min_version,
	       touch_sender send, const void *args)
{
	struct weston_touch *touch = h->seat.touch_state;
	struct wl_list *lists[2];
	struct wl_resource *resource;
	int sent = 0;

	if (!touch)
		return 0;
	lists[0] = &touch->focus_resource_list;
	lists[1] = &touch->resource_list;
	for (int i = 0; i < 2; i++) {
		wl_resource_for_each(resource, lists[i]) {
			if (wl_resource_get_client(resource) != client ||
			    (uint32_t)wl_resource_get_version(resource) < min_version)
				continue;
			send(resource, args);
			sent++;
		}
	}
	return sent;
}

static void
send_cancel(struct wl_resource *resource, const void *args)
{
	wl_touch_send_cancel(resource);
}

static void
send_frame(struct wl_resource *resource, const void *args)
{
	wl_touch_send_frame(resource);
}

struct shape_args { int32_t id; wl_fixed_t major, minor; };

static void
send_shape(struct wl_resource *resource, const void *args)
{
	const struct shape_args *a = args;

	wl_touch_send_shape(resource, a->id, a->major, a->minor);
}

struct orientation_args { int32_t id; wl_fixed_t orientation; };

static void
send_orientation(struct wl_resource *resource, const void *args)
{
	const struct orientation_args *a = args;

	wl_touch_send_orientation(resource, a->id, a->orientation);
}

// MARK: - Requests

/* Reset weston's touch state the way its own input path would: first
 * notify_touch_cancel (ends a shell grab; weston 10's default grab ignores
 * it), then drop the focus, then release every point with an up. With no
 * focus those ups reach no client, and weston's point count and idle
 * inhibition stay balanced, so the next down starts a new sequence and
 * picks its surface afresh. */
static void
reset_touch_state(struct harness *h)
{
	struct weston_touch *touch = h->seat.touch_state;
	struct timespec now;

	if (!touch || !h->touch_device)
		return;
	notify_touch_cancel(h->touch_device);
	weston_touch_set_focus(touch, NULL);
	clock_gettime(CLOCK_MONOTONIC, &now);
	while (touch->num_tp > 0)
		notify_touch_normalized(h->touch_device, &now, RELEASE_TOUCH_ID,
					0, 0, NULL, WL_TOUCH_UP);
}

void
harness_client_cancel(struct harness *h)
{
	struct wl_client *client = target_client(h, "client_cancel");

	if (client) {
		int sent = send_to_client(h, client, WL_TOUCH_CANCEL_SINCE_VERSION,
					  send_cancel, NULL);
		weston_log(HARNESS_LOG_PREFIX "client_cancel sent to %d wl_touch\n", sent);
	}
	reset_touch_state(h);
}

void
harness_client_shape(struct harness *h, int32_t id, wl_fixed_t major, wl_fixed_t minor)
{
	struct wl_client *client = target_client(h, "client_shape");
	struct shape_args args = { id, major, minor };

	if (client)
		send_to_client(h, client, WL_TOUCH_SHAPE_SINCE_VERSION, send_shape, &args);
}

void
harness_client_orientation(struct harness *h, int32_t id, wl_fixed_t orientation)
{
	struct wl_client *client = target_client(h, "client_orientation");
	struct orientation_args args = { id, orientation };

	if (client)
		send_to_client(h, client, WL_TOUCH_ORIENTATION_SINCE_VERSION,
			       send_orientation, &args);
}

void
harness_client_frame(struct harness *h)
{
	struct wl_client *client = target_client(h, "client_frame");

	if (client)
		send_to_client(h, client, WL_TOUCH_FRAME_SINCE_VERSION, send_frame, NULL);
}
