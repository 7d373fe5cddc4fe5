/*
 * Prototypes of libweston-10 symbols that the library exports but declares
 * only in weston's private headers (libweston/libweston-internal.h and
 * libweston/backend.h, which Debian does not install).
 *
 * Checked against weston 10.0.1: these signatures changed later (weston 12
 * passes struct weston_coord_global instead of double x, y, weston 13 adds a
 * set_output callback to weston_touch_create_touch_device), so the Makefile
 * refuses any libweston other than 10.
 */
#ifndef GESTURE_HARNESS_WESTON_PRIVATE_H
#define GESTURE_HARNESS_WESTON_PRIVATE_H

#include <time.h>
#include <libweston/libweston.h>

/* libweston-internal.h */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
void weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);

struct weston_touch_device_ops;
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);

/* backend.h */
struct weston_point2d_device_normalized;
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			    double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
		enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);
void notify_pointer_frame(struct weston_seat *seat);

#endif
