#ifndef SEGUE_SUPPORT_H
#define SEGUE_SUPPORT_H

#include <stddef.h>

// ---- Signals (signals.c) -------------------------------------------------------------

/// Installs the process's handlers (sigaction, SA_RESTART) for every signal that would end
/// it from outside (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1/2, SIGPIPE, SIGALRM, …; one
/// the parent ignores stays ignored, but SIGINT, SIGTERM and SIGPIPE): the first signal is only noted; a second
/// one while the first is being handled ends the process as the default action would. All
/// are unblocked, should the parent have blocked them. Call before any thread starts and
/// before anything else installs handlers.
void segue_signals_install(void);

/// The signal received, or 0 while none has been.
int segue_signal_received(void);

/// Forgets a received signal (for tests).
void segue_signal_reset(void);

// ---- Memory ------------------------------------------------------------------------------

/// Asks the processor to bring the cache line holding `address` into its caches ahead of a
/// read (a hint: no fault, no effect on any result, whatever the address).
static inline void segue_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

// ---- Files (files.c) ------------------------------------------------------------------

/// syncfs(2): flushes the whole file system holding `fd` to its device; 0 or -1 (errno).
int segue_sync_filesystem(int fd);

// ---- PNG through libpng (png.c), never printing to stderr ------------------------------

/// The outcome of a PNG read or write.
enum {
    SEGUE_PNG_OK = 0,
    /// libpng refused the data; the message says why.
    SEGUE_PNG_INVALID = 1,
    /// The image is larger than allowed (read) — nothing was decoded.
    SEGUE_PNG_TOO_LARGE = 2,
    /// A read or write of the file failed; `error_number` holds errno.
    SEGUE_PNG_IO = 3,
    /// A signal arrived (segue_signal_received): the work stopped.
    SEGUE_PNG_INTERRUPTED = 4,
    /// Memory for the pixels could not be had.
    SEGUE_PNG_NO_MEMORY = 5,
};

/// Reads the PNG at `path` as 8-bit RGBA rows of `width * 4` bytes into a buffer the caller
/// frees with `free`. The header is read first: an image wider or taller than `max_side`
/// is refused (SEGUE_PNG_TOO_LARGE, with `*width`, `*height` set) before any pixel is
/// decoded. Warnings are ignored; errors go to `message` (`message_size` bytes).
int segue_png_read(const char *path, int max_side, unsigned char **pixels, int *width, int *height,
                   char *message, size_t message_size);

/// Writes `height` rows of 8-bit RGBA (`stride` bytes apart) as a PNG to the open file
/// `fd`, checking every write (EINTR retried) and stopping at a signal.
int segue_png_write(int fd, const unsigned char *rgba, int width, int height, size_t stride,
                    int *error_number, char *message, size_t message_size);

// ---- X11 errors (x11.c): one line instead of Xlib's report ----------------------------

/// Replaces Xlib's error handlers (before SDL's video starts, which chains to them): a
/// protocol error (the window destroyed by another program) is noted for
/// `segue_x11_error`, and a lost connection prints
/// `"<program>: lost the connection to the display"` and exits 1 (atexit handlers run).
/// Returns 0 when libX11 is not loaded.
int segue_x11_install_error_handlers(const char *program);

/// The X error code of the first protocol error since the handlers were installed, or 0.
int segue_x11_error(void);

/// The size of X11 `window` on `display` as the X server has it now (a round trip), into
/// `width` and `height`; 0 when Xlib is not loaded or the server refuses.
int segue_x11_window_size(void *display, unsigned long window, int *width, int *height);

#endif
