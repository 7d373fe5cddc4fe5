/*
 * commit events: every commit of a mapped client surface that has a view is
 * reported to every bound harness resource with CLOCK_MONOTONIC time, so a
 * test can time inject -> commit latency and wait for a client to draw.
 *
 * The time is taken in our commit_signal listener, but whether the surface
 * is mapped is decided later: libweston-desktop runs the shell's committed
 * hook from its own commit_signal listener, added after ours (we hook the
 * surface at creation), so at our turn a surface that this very commit maps
 * still looks unmapped. The check and the send therefore happen in an idle
 * callback, which runs once the client's requests of this pass are done.
 */
#include <stdlib.h>
#include <sys/types.h>
#include <time.h>

#include "gesture-harness.h"
#include "gesture-harness-v1-server-protocol.h"

struct pending_commit {
	struct timespec time;
	struct wl_list link; /* tracked_surface::pending */
};

struct tracked_surface {
	struct harness *harness;
	struct weston_surface *surface;
	struct wl_listener commit;
	struct wl_listener destroy;
	struct wl_list link;           /* harness::surfaces */
	struct wl_list pending;        /* struct pending_commit::link, oldest first */
	struct wl_event_source *idle;  /* non-NULL while commits wait to be reported */
};

static void
drop_pending(struct tracked_surface *t)
{
	struct pending_commit *p, *next;

	wl_list_for_each_safe(p, next, &t->pending, link) {
		wl_list_remove(&p->link);
		free(p);
	}
	if (t->idle)
		wl_event_source_remove(t->idle);
	t->idle = NULL;
}

static void
tracked_surface_free(struct tracked_surface *t)
{
	drop_pending(t);
	wl_list_remove(&t->commit.link);
	wl_list_remove(&t->destroy.link);
	wl_list_remove(&t->link);
	free(t);
}

static void
report_pending(void *data)
{
	struct tracked_surface *t = data;
	struct weston_surface *surface = t->surface;
	struct pending_commit *p;
	struct wl_resource *resource;
	pid_t pid = 0;

	t->idle = NULL;
	/* The protocol promises mapped surfaces: a client's first, empty commit
	 * already has a (kiosk-shell) view but nothing on screen yet. */
	if (surface->resource && !wl_list_empty(&surface->views) &&
	    weston_surface_is_mapped(surface)) {
		wl_client_get_credentials(wl_resource_get_client(surface->resource), &pid, NULL, NULL);
		wl_list_for_each(p, &t->pending, link) {
			wl_resource_for_each(resource, &t->harness->resources)
				gesture_harness_v1_send_commit(resource, (uint32_t)pid,
							       (uint32_t)p->time.tv_sec,
							       (uint32_t)p->time.tv_nsec);
		}
	}
	drop_pending(t);
}

static void
surface_committed(struct wl_listener *listener, void *data)
{
	struct tracked_surface *t = wl_container_of(listener, t, commit);
	struct wl_event_loop *loop;
	struct pending_commit *p = calloc(1, sizeof *p);

	if (!p) {
		weston_log(HARNESS_LOG_PREFIX "out of memory: a commit goes unreported\n");
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &p->time);
	wl_list_insert(t->pending.prev, &p->link);
	if (!t->idle) {
		loop = wl_display_get_event_loop(t->harness->compositor->wl_display);
		t->idle = wl_event_loop_add_idle(loop, report_pending, t);
	}
}

static void
surface_destroyed(struct wl_listener *listener, void *data)
{
	struct tracked_surface *t = wl_container_of(listener, t, destroy);

	tracked_surface_free(t);
}

static void
surface_created(struct wl_listener *listener, void *data)
{
	struct harness *h = wl_container_of(listener, h, create_surface_listener);
	struct weston_surface *surface = data;
	struct tracked_surface *t = calloc(1, sizeof *t);

	if (!t) {
		weston_log(HARNESS_LOG_PREFIX "out of memory: a surface's commits go unreported\n");
		return;
	}
	t->harness = h;
	t->surface = surface;
	wl_list_init(&t->pending);
	t->commit.notify = surface_committed;
	wl_signal_add(&surface->commit_signal, &t->commit);
	t->destroy.notify = surface_destroyed;
	wl_signal_add(&surface->destroy_signal, &t->destroy);
	wl_list_insert(&h->surfaces, &t->link);
}

void
harness_commits_init(struct harness *h)
{
	wl_list_init(&h->surfaces);
	h->create_surface_listener.notify = surface_created;
	wl_signal_add(&h->compositor->create_surface_signal, &h->create_surface_listener);
}

void
harness_commits_fini(struct harness *h)
{
	struct tracked_surface *t, *next;

	wl_list_for_each_safe(t, next, &h->surfaces, link)
		tracked_surface_free(t);
	wl_list_remove(&h->create_surface_listener.link);
}
