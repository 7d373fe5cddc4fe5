#include <stdint.h>
#include <xcb/xcb.h>
#include <xcb/xinput.h>

/* The XInput extension's reply (present, major opcode); xcb_input_id is an incomplete type Swift cannot
   take the address of. */
static inline const xcb_query_extension_reply_t *cxcb_input_extension(xcb_connection_t *connection) {
    return xcb_get_extension_data(connection, &xcb_input_id);
}

/* XISelectEvents takes a mask header followed by its words; Swift cannot lay out that trailing array,
   so the one-word request is built here. */
static inline xcb_void_cookie_t cxcb_input_select_one_word(xcb_connection_t *connection, xcb_window_t window,
                                                           xcb_input_device_id_t device, uint32_t mask) {
    struct {
        xcb_input_event_mask_t head;
        uint32_t mask;
    } request = { { device, 1 }, mask };
    return xcb_input_xi_select_events_checked(connection, window, 1, &request.head);
}

#include <signal.h>
#include <sys/signalfd.h>

/* Blocks SIGINT, SIGTERM and SIGHUP and returns a signalfd that reports them (-1 on failure), so the
   oracle's poll loop ends on a signal with its trace finished instead of dying mid-record. */
static inline int cxcb_termination_signalfd(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}
