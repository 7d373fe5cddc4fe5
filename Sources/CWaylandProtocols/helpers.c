#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include "CWaylandProtocols.h"

const struct wl_interface *gs_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *gs_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *gs_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *gs_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *gs_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *gs_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *gs_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *gs_zxdg_decoration_manager_v1_interface(void) { return &zxdg_decoration_manager_v1_interface; }
const struct wl_interface *gs_zwp_input_timestamps_manager_v1_interface(void) { return &zwp_input_timestamps_manager_v1_interface; }
const struct wl_interface *gs_wp_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *gs_gesture_harness_v1_interface(void) { return &gesture_harness_v1_interface; }

int gs_create_shm_file(const char *name, int64_t size)
{
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0)
        return -1;
    // Shrinking a buffer the compositor has mapped would SIGBUS it.
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK);
    int ret;
    do {
        ret = posix_fallocate(fd, 0, size);
    } while (ret == EINTR);
    if (ret != 0) {
        close(fd);
        errno = ret;
        return -1;
    }
    return fd;
}
