import Foundation

// MARK: - The job's init in the guest

/// `/job/init.sh`, run as PID 1 once the initramfs switched to the root: tmpfs where the read-only
/// root must be written, the input and DRM modules, udevd (libinput sees no device without it),
/// the touchscreen, the compositor on DRM, our client recording a trace, the touch script, then
/// power off with sysrq `o`; `libinput record` records the device meanwhile. It reads its
/// parameters from `/job/job.env` and writes everything to
/// `/job/results/`; each step it reaches is a `gesture-guest: STEP at SECONDS` line on the console
/// (seconds since the guest's kernel started).
public enum GuestJobInit {
    /// The console line that says the guest reached its userspace.
    public static let userspaceMarker = "gesture-guest: userspace"

    /// The steps' times from the console: `[("userspace", 4.7), ("device", 6.1), …]`, in order.
    public static func steps(console: String) -> [(step: String, seconds: Double)] {
        console.split(whereSeparator: \.isNewline).compactMap { line in
            guard let start = line.range(of: "gesture-guest: "), let at = line.range(of: " at ", options: .backwards),
                  start.upperBound <= at.lowerBound, let seconds = Double(line[at.upperBound...]) else { return nil }
            return (String(line[start.upperBound..<at.lowerBound]), seconds)
        }
    }

    /// How the run ended, as `/job/results/status` says it.
    public enum Status: String, Sendable {
        /// Every step ran.
        case ok
        /// The compositor made no Wayland socket in time, or exited.
        case compositorFailed = "compositor-failed"
        /// Our client showed no window in time, or exited.
        case clientFailed = "client-failed"
        /// The touchscreen program failed.
        case deviceFailed = "device-failed"
    }

    /// The script's text.
    public static let text = #"""
    #!/bin/sh
    export PATH=/usr/sbin:/usr/bin:/sbin:/bin
    R=/job/results
    say() { echo "gesture-guest: $* at $(cut -d ' ' -f 1 /proc/uptime)"; }
    off() { sync; echo o > /proc/sysrq-trigger; sleep 60; }
    finish() { echo "$1" > $R/status; say "status $1"; [ -n "$EVENTS_PID" ] && kill -INT "$EVENTS_PID" 2>/dev/null; [ -n "$COMPOSITOR_PID" ] && kill "$COMPOSITOR_PID" 2>/dev/null; off; }
    mount -t proc proc /proc
    mount -t sysfs sysfs /sys
    for dir in /run /tmp /root /var/tmp /var/log /home; do mount -t tmpfs -o mode=0755 tmpfs $dir; done
    mkdir -p /dev/shm && mount -t tmpfs -o mode=1777 tmpfs /dev/shm
    chmod 1777 /tmp
    say userspace
    . /job/job.env
    mkdir -p $R && chmod 0777 $R
    cat /proc/mounts > $R/mounts.txt
    modprobe uinput; modprobe evdev; modprobe virtio_gpu
    # A HID recording is replayed through /dev/uhid: the kernel's HID core and hid-multitouch parse it.
    [ -n "$UHID" ] && { modprobe uhid; modprobe hid-multitouch; }
    # A device setup's udev rule (a calibration matrix, weston's WL_OUTPUT) is in place before udevd starts.
    if [ -s /job/udev.rules ]; then
        mount -t tmpfs -o mode=0755 tmpfs /etc/udev/rules.d
        cp /job/udev.rules /etc/udev/rules.d/99-gesture-sandbox.rules
    fi
    /lib/systemd/systemd-udevd --daemon 2>$R/udevd.log
    udevadm trigger --action=add --subsystem-match=input --subsystem-match=drm --subsystem-match=graphics
    udevadm settle --timeout=20
    [ -e /dev/dri/card0 ] || { say "no /dev/dri/card0"; finish compositor-failed; }
    python3 /job/touchscreen.py /job/$DEVICE_INPUT /run/touch >$R/touchscreen.log 2>&1 &
    TOUCH_PID=$!
    waited=0
    until [ -e /run/touch.ready ]; do
        kill -0 $TOUCH_PID 2>/dev/null || finish device-failed
        sleep 0.1
    done
    udevadm settle --timeout=20
    say device
    # libinput record of the device, as a bug reporter would make it: what the kernel emitted.
    # env --default-signal: a background job's SIGINT is ignored, and libinput record ends on SIGINT.
    NODE=$(grep -o '/dev/input/event[0-9]*' $R/touchscreen.log | head -n 1)
    if [ -n "$NODE" ]; then
        env --default-signal=INT libinput record $NODE -o $R/libinput-record.yml 2>$R/libinput-record.log &
        RECORD_PID=$!
    fi
    # With a device setup, what libinput made of the devices too (a palm's cancel, a second touchscreen's slots).
    if [ -n "$TOUCHSCREENS" ]; then
        env --default-signal=INT stdbuf -oL libinput debug-events --show-keycodes >$R/libinput-events.log 2>&1 &
        EVENTS_PID=$!
    fi
    if [ "$COMPOSITOR" = sway ] || [ "$COMPOSITOR" = cage ] || [ "$COMPOSITOR" = phoc ] || [ "$COMPOSITOR" = wayfire ]; then
        RUNTIME=/run/user/$GUEST_UID
        mkdir -p $RUNTIME /home/$GUEST_USER && chown $GUEST_UID:$GUEST_UID $RUNTIME /home/$GUEST_USER && chmod 0700 $RUNTIME
        seatd -u $GUEST_USER -g $GUEST_USER >$R/seatd.log 2>&1 &
        until [ -S /run/seatd.sock ]; do sleep 0.05; done
        AS_USER="setpriv --reuid=$GUEST_UID --regid=$GUEST_UID --clear-groups"
        if [ "$COMPOSITOR" = sway ]; then
            set -- sway ${DEBUG:+-d} -c /job/sway.conf
        elif [ "$COMPOSITOR" = phoc ]; then
            # phoc reads GSettings: with no session bus for dconf, the memory backend.
            set -- env GSETTINGS_BACKEND=memory phoc --config /job/phoc.ini
        elif [ "$COMPOSITOR" = wayfire ]; then
            # Wayfire renders only with GLES: Mesa's llvmpipe (kms_swrast), which crashes in the
            # first output commit when it renders through the render node (it cannot map the dumb
            # buffers there). In a mount namespace without that node, in /dev or sysfs, wlroots and
            # Mesa use the primary node instead; the user gets it as logind's ACL would give it.
            START_AS=
            set -- unshare --mount --propagation private sh -c '
                drm=$(readlink -f /sys/dev/char/226:0/device/drm)
                mkdir -p /run/drm-nodes && mount --bind $drm /run/drm-nodes
                mount -t tmpfs -o mode=0755 tmpfs $drm && mkdir $drm/card0 && mount --bind /run/drm-nodes/card0 $drm/card0
                mount -t tmpfs -o mode=0755 tmpfs /dev/dri && mknod -m 0600 /dev/dri/card0 c 226 0 && chown $0 /dev/dri/card0
                exec setpriv --reuid=$0 --regid=$0 --clear-groups env WLR_RENDERER_ALLOW_SOFTWARE=1 wayfire $1 -c /job/wayfire.ini
                ' $GUEST_UID "${DEBUG:+-d}"
        else
            # cage ends with its child: a sleep holds it open for the clients we start ourselves.
            set -- cage $CAGE_ARGUMENTS -- sleep infinity
        fi
        env -i PATH=$PATH HOME=/home/$GUEST_USER XDG_RUNTIME_DIR=$RUNTIME LIBSEAT_BACKEND=seatd WLR_RENDERER=pixman \
            ${START_AS-$AS_USER} "$@" >$R/compositor.log 2>&1 &
        COMPOSITOR_PID=$!
    else
        RUNTIME=/run/user/0
        mkdir -p $RUNTIME && chmod 0700 $RUNTIME
        AS_USER=
        env -i PATH=$PATH HOME=/root XDG_RUNTIME_DIR=$RUNTIME \
            weston --backend=drm-backend.so --use-pixman --shell=kiosk-shell.so --tty=2 --idle-time=0 \
            ${WESTON_CONFIG:+--config=$WESTON_CONFIG} >$R/compositor.log 2>&1 &
        COMPOSITOR_PID=$!
    fi
    waited=0
    until SOCKET=$(ls $RUNTIME 2>/dev/null | grep -E '^wayland-[0-9]+$' | head -n 1) && [ -n "$SOCKET" ]; do
        kill -0 $COMPOSITOR_PID 2>/dev/null || finish compositor-failed
        waited=$((waited + 1)); [ $waited -lt $((COMPOSITOR_TIMEOUT * 10)) ] || finish compositor-failed
        sleep 0.1
    done
    say compositor
    # The matrix's agent: one boot serves many cells. The host drops numbered commands into
    # /job/agent (N.cmd, renamed into place whole); each is answered in N.done, also renamed into place.
    if [ -n "$AGENT" ]; then
        A=/job/agent
        n=0
        plays=0
        say agent
        while :; do
            n=$((n + 1))
            until [ -e $A/$n.cmd ]; do sleep 0.05; done
            read -r verb word < $A/$n.cmd
            answer=ok
            case $verb in
            client)
                # A fresh client per cell: the last one is ended first if the host left it running.
                [ -n "$CLIENT_PID" ] && { kill -TERM $CLIENT_PID 2>/dev/null; wait $CLIENT_PID; }
                CLIENT_LOG=$A/$word
                eval "set -- $(sed -n 2p $A/$n.cmd)"
                env -i PATH=$PATH HOME=/home/$GUEST_USER XDG_RUNTIME_DIR=$RUNTIME WAYLAND_DISPLAY=$SOCKET \
                    LD_LIBRARY_PATH=/host/swift WAYLAND_DEBUG=client $AS_USER /host/bin/$CLIENT "$@" >$CLIENT_LOG 2>&1 &
                CLIENT_PID=$!
                waited=0
                until grep -qs "$MAPPED" $CLIENT_LOG; do
                    kill -0 $CLIENT_PID 2>/dev/null || { answer=client-failed; break; }
                    waited=$((waited + 1)); [ $waited -lt $((CLIENT_TIMEOUT * 10)) ] || { answer=client-failed; break; }
                    sleep 0.1
                done ;;
            play)
                # The touchscreen program counts its plays from 1.
                plays=$((plays + 1))
                before=$(grep -c 'wl_touch@[0-9]*\.up(' $CLIENT_LOG)
                echo $A/$n.events > /run/touch.go-$plays.new && mv /run/touch.go-$plays.new /run/touch.go-$plays
                until [ -e /run/touch.done-$plays ]; do
                    kill -0 $TOUCH_PID 2>/dev/null || { answer=device-failed; break; }
                    sleep 0.02
                done
                # Every lift of the script reached our client, or the wait ran out (by the clock:
                # under TCG each look costs more than its pause). A lift and a landing of one id in
                # one frame is one touch to the kernel: fewer lifts arrive than the script has.
                limit=$(( $(cut -d . -f 1 /proc/uptime) + TOUCH_TIMEOUT ))
                until [ "$(grep -c 'wl_touch@[0-9]*\.up(' $CLIENT_LOG)" -ge $((before + word)) ]; do
                    [ "$(cut -d . -f 1 /proc/uptime)" -lt $limit ] || break
                    sleep 0.05
                done ;;
            stop)
                # The client's exit status; one that does not end in 30 s is killed (writing its
                # screenshot and state takes seconds under TCG).
                if [ -n "$CLIENT_PID" ]; then
                    kill -TERM $CLIENT_PID 2>/dev/null
                    ( sleep 30; kill -KILL $CLIENT_PID 2>/dev/null ) &
                    watchdog=$!
                    wait $CLIENT_PID
                    answer=$?
                    kill $watchdog 2>/dev/null
                    CLIENT_PID=
                else
                    answer=none
                fi ;;
            off)
                echo ok > $A/$n.new && mv $A/$n.new $A/$n.done
                [ -n "$CLIENT_PID" ] && kill -TERM $CLIENT_PID 2>/dev/null
                kill $TOUCH_PID 2>/dev/null
                finish ok ;;
            *) answer="unknown command $verb" ;;
            esac
            echo "$answer" > $A/$n.new && mv $A/$n.new $A/$n.done
        done
    fi
    env -i PATH=$PATH HOME=/home/$GUEST_USER XDG_RUNTIME_DIR=$RUNTIME WAYLAND_DISPLAY=$SOCKET LD_LIBRARY_PATH=/host/swift WAYLAND_DEBUG=client \
        $AS_USER /host/bin/$CLIENT run $CLIENT_ARGUMENTS --record $R/trace.jsonl --log $R/deliveries.jsonl --state $R/state.json >$R/client.log 2>&1 &
    CLIENT_PID=$!
    waited=0
    # Mapped: the compositor put our surface on its output (WAYLAND_DEBUG shows wl_surface.enter;
    # cage 0.1.4 sends none: the keyboard focus it gives a view when it maps it).
    until grep -qs "$MAPPED" $R/client.log; do
        kill -0 $CLIENT_PID 2>/dev/null || finish client-failed
        waited=$((waited + 1)); [ $waited -lt $((CLIENT_TIMEOUT * 10)) ] || finish client-failed
        sleep 0.1
    done
    say window
    touch /run/touch.go
    until [ -e /run/touch.done ]; do
        kill -0 $TOUCH_PID 2>/dev/null || finish device-failed
        sleep 0.05
    done
    say played
    # Every lift reached our client (WAYLAND_DEBUG shows each wl_touch.up), or the wait ran out.
    waited=0
    until [ "$(grep -c 'wl_touch@[0-9]*\.up(' $R/client.log)" -ge "$UPS" ]; do
        waited=$((waited + 1)); [ $waited -lt $((TOUCH_TIMEOUT * 10)) ] || break
        sleep 0.1
    done
    say received
    if [ -n "$RECORD_PID" ]; then
        kill -INT $RECORD_PID
        waited=0
        while kill -0 $RECORD_PID 2>/dev/null && [ $waited -lt 30 ]; do waited=$((waited + 1)); sleep 0.1; done
    fi
    kill -TERM $CLIENT_PID
    waited=0
    while kill -0 $CLIENT_PID 2>/dev/null && [ $waited -lt 50 ]; do waited=$((waited + 1)); sleep 0.1; done
    kill $TOUCH_PID 2>/dev/null
    finish ok
    """#
}
