#ifndef SEGUE_CSDL2_SHIM_H
#define SEGUE_CSDL2_SHIM_H

#define SDL_MAIN_HANDLED
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
#include <stdio.h>
#include <malloc.h>

/// Function-like macros do not import into Swift; these wrap the few Segue needs.
static inline int segue_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }

/// Line-buffers stdout so a harness reading `--events` sees each line at once.
static inline void segue_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

/// Writes one line to stdout (Swift 6 rejects the C global `stdout`).
static inline void segue_print_line(const char *line) { fputs(line, stdout); fputc('\n', stdout); }

/// SDL_syswm.h's `SDL_SysWMinfo` with only its X11 member spelled out: that header would
/// bring Xlib's names (`Window`, `Display`) into Swift.
typedef struct {
    SDL_version version;
    int subsystem;
    union {
        struct { void *display; unsigned long window; } x11;
        Uint8 dummy[64];
    } info;
} SegueWindowSystemInfo;

/// SDL_syswm.h's `SDL_GetWindowWMInfo`, taking the struct above.
extern DECLSPEC SDL_bool SDLCALL SDL_GetWindowWMInfo(SDL_Window *window, SegueWindowSystemInfo *info);

/// `SDL_SYSWM_X11` in SDL_syswm.h.
static inline int segue_syswm_x11(void) { return 2; }

/// Hands the allocator's free pages back to the system (for memory readings).
static inline void segue_trim_memory(void) { malloc_trim(0); }

#endif
