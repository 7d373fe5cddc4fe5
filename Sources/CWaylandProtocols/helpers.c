#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <string.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CWaylandProtocols.h"

const struct wl_interface *gs_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *gs_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *gs_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *gs_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *gs_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
const struct wl_interface *gs_wl_data_device_manager_interface(void) { return &wl_data_device_manager_interface; }
const struct wl_interface *gs_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *gs_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *gs_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *gs_zxdg_decoration_manager_v1_interface(void) { return &zxdg_decoration_manager_v1_interface; }
const struct wl_interface *gs_zwp_input_timestamps_manager_v1_interface(void) { return &zwp_input_timestamps_manager_v1_interface; }
const struct wl_interface *gs_wp_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *gs_gesture_harness_v1_interface(void) { return &gesture_harness_v1_interface; }
const struct wl_interface *gs_org_kde_kwin_fake_input_interface(void) { return &org_kde_kwin_fake_input_interface; }
const struct wl_interface *gs_org_kde_plasma_window_management_interface(void) { return &org_kde_plasma_window_management_interface; }
const struct wl_interface *gs_zwlr_layer_shell_v1_interface(void) { return &zwlr_layer_shell_v1_interface; }
const struct wl_interface *gs_ext_session_lock_manager_v1_interface(void) { return &ext_session_lock_manager_v1_interface; }
const struct wl_interface *gs_zwp_text_input_manager_v3_interface(void) { return &zwp_text_input_manager_v3_interface; }
const struct wl_interface *gs_zwp_input_method_manager_v2_interface(void) { return &zwp_input_method_manager_v2_interface; }
const struct wl_interface *gs_zwp_virtual_keyboard_manager_v1_interface(void) { return &zwp_virtual_keyboard_manager_v1_interface; }

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

// MARK: - Event-loop system calls Swift's Glibc import leaves out (signalfd, timerfd)

#include <signal.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>

static void gs_fill_sigset(sigset_t *set, const int *signals, int count)
{
    sigemptyset(set);
    for (int i = 0; i < count; i++)
        sigaddset(set, signals[i]);
}

int gs_signalfd_open(const int *signals, int count, uint64_t *was_blocked)
{
    sigset_t set, old;
    gs_fill_sigset(&set, signals, count);
    // Blocked signals stay pending for the signalfd instead of running their default action.
    int err = pthread_sigmask(SIG_BLOCK, &set, &old);
    if (err != 0) {
        errno = err;
        return -1;
    }
    uint64_t mask = 0;
    for (int i = 0; i < count; i++)
        if (signals[i] > 0 && signals[i] <= 64 && sigismember(&old, signals[i]) == 1)
            mask |= UINT64_C(1) << (signals[i] - 1);
    if (was_blocked)
        *was_blocked = mask;
    int fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (fd < 0) {
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        errno = saved;
    }
    return fd;
}

int gs_signals_unblock(const int *signals, int count)
{
    sigset_t set;
    gs_fill_sigset(&set, signals, count);
    int err = pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    if (err != 0) {
        errno = err;
        return -1;
    }
    return 0;
}

int gs_signalfd_read(int fd)
{
    struct signalfd_siginfo info;
    ssize_t n;
    do {
        n = read(fd, &info, sizeof info);
    } while (n < 0 && errno == EINTR);
    if (n < 0)
        return errno == EAGAIN ? 0 : -1;
    if (n != (ssize_t)sizeof info) {
        errno = EIO;
        return -1;
    }
    return (int)info.ssi_signo;
}

int gs_timerfd_create_monotonic(void)
{
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int gs_timerfd_arm_absolute(int fd, int64_t seconds, int64_t nanoseconds)
{
    struct itimerspec spec = { 0 };
    spec.it_value.tv_sec = (time_t)seconds;
    spec.it_value.tv_nsec = (long)nanoseconds;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int gs_set_timer_slack(unsigned long nanoseconds)
{
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}

int gs_timerfd_disarm(int fd)
{
    struct itimerspec spec = { 0 };
    return timerfd_settime(fd, 0, &spec, NULL);
}

int64_t gs_timerfd_drain(int fd)
{
    uint64_t expirations = 0;
    ssize_t n;
    do {
        n = read(fd, &expirations, sizeof expirations);
    } while (n < 0 && errno == EINTR);
    if (n < 0)
        return errno == EAGAIN ? 0 : -1;
    return (int64_t)expirations;
}

int gs_poll_nanoseconds(struct pollfd *fds, int count, int64_t timeout)
{
    if (timeout < 0)
        return ppoll(fds, (nfds_t)count, NULL, NULL);
    struct timespec spec = { .tv_sec = (time_t)(timeout / 1000000000), .tv_nsec = (long)(timeout % 1000000000) };
    return ppoll(fds, (nfds_t)count, &spec, NULL);
}

static int gs_release_object_code(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    // The vDSO is the kernel's, not a file's.
    if (info->dlpi_name != NULL && strncmp(info->dlpi_name, "linux-vdso", 10) == 0) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type != PT_DYNAMIC) continue;
        const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        for (; entry->d_tag != DT_NULL; entry++) {
            if (entry->d_tag == DT_TEXTREL) return 0;
            if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return 0;
        }
    }
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X)) continue;
        // Whole pages inside the segment only: its first and last page may also hold data.
        uintptr_t first = info->dlpi_addr + segment->p_vaddr;
        uintptr_t start = (first + page - 1) / page * page;
        uintptr_t end = (first + segment->p_filesz) / page * page;
        if (end > start) madvise((void *)start, end - start, MADV_DONTNEED);
    }
    return 0;
}

void gs_release_code_pages(void) { dl_iterate_phdr(gs_release_object_code, NULL); }

int gs_socket_peer_pid(int fd)
{
    struct ucred peer;
    socklen_t length = sizeof peer;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0)
        return -1;
    return peer.pid;
}
