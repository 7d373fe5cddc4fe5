// MARK: - The initramfs' /init

/// The initramfs' `/init` (busybox sh): loads the modules listed in `/modules.order` from
/// `/modules/`, mounts the read-only root share (tag `root`), the job share (`job`, read-write)
/// and our binaries and their Swift runtime (`hostbin`, `swift`, read-only, when given), then
/// hands over to the job's own init, `/job/init.sh`. With `gesture.probe` on the kernel command
/// line it only says `gesture-guest: probe` and powers off (the accelerator probe). Anything missing powers the guest off with
/// a `gesture-guest:` line on the console, which the host reads.
public enum InitramfsInit {
    /// The script's text.
    public static let text = #"""
    #!/bin/busybox sh
    /bin/busybox --install -s /bin
    mount -t proc proc /proc
    mount -t sysfs sysfs /sys
    mount -t devtmpfs devtmpfs /dev
    fail() { echo "gesture-guest: failed: $*"; echo o > /proc/sysrq-trigger; sleep 60; }
    grep -q gesture.probe /proc/cmdline && { echo "gesture-guest: probe"; echo o > /proc/sysrq-trigger; sleep 60; }
    for module in $(cat /modules.order); do insmod "/modules/$module" || fail "insmod $module"; done
    share() {
        tries=0
        until mount -t 9p -o "trans=virtio,version=9p2000.L,msize=262144,$3" "$1" "$2" 2>/dev/null; do
            tries=$((tries + 1)); [ $tries -lt 100 ] || return 1; sleep 0.05
        done
    }
    mkdir -p /newroot
    share root /newroot ro,cache=loose || fail "no root share"
    share job /newroot/job rw || fail "no job share"
    grep -q hostbin /sys/bus/virtio/drivers/9pnet_virtio/*/mount_tag 2>/dev/null && { share hostbin /newroot/host/bin ro,cache=loose || fail "no hostbin share"; }
    grep -q swift /sys/bus/virtio/drivers/9pnet_virtio/*/mount_tag 2>/dev/null && { share swift /newroot/host/swift ro,cache=loose || fail "no swift share"; }
    mount --move /dev /newroot/dev
    umount /sys /proc
    exec switch_root /newroot /bin/sh /job/init.sh
    """#
}
