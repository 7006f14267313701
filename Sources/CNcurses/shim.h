#ifndef ICONCHOOSER_CNCURSES_SHIM_H
#define ICONCHOOSER_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so the wide-character API is switched on here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// stdscr, curscr and COLORS are C globals (macros over the current SCREEN in some builds)
// that Swift 6 treats as unsafe shared state; reading them through functions is explicit.
static inline WINDOW *iconchooser_stdscr(void) { return stdscr; }
static inline WINDOW *iconchooser_curscr(void) { return curscr; }
static inline int iconchooser_colors(void) { return COLORS; }

// getmaxyx is a macro that assigns to its arguments.
static inline void iconchooser_getmaxyx(WINDOW *window, int *rows, int *columns) {
    int y, x;
    getmaxyx(window, y, x);
    *rows = y;
    *columns = x;
}

// Attribute bits come from the NCURSES_BITS macro, which Swift cannot import.
static inline attr_t iconchooser_a_normal(void) { return A_NORMAL; }
static inline attr_t iconchooser_a_bold(void) { return A_BOLD; }
static inline attr_t iconchooser_a_dim(void) { return A_DIM; }
static inline attr_t iconchooser_a_underline(void) { return A_UNDERLINE; }
static inline attr_t iconchooser_a_reverse(void) { return A_REVERSE; }

// Mouse masks are built by NCURSES_MOUSE_MASK macros.
static inline mmask_t iconchooser_button1_events(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED;
}

// wcwidth is declared only under _XOPEN_SOURCE, which Swift's Glibc module leaves out; it is
// the width ncurses itself gives a character, so it says what ncurses will draw.
static inline int iconchooser_wcwidth(wchar_t character) { return wcwidth(character); }

// setcchar's pair argument is a short; extended pairs (beyond 32767) go through its opts pointer.
static inline int iconchooser_put_cell(WINDOW *window, int y, int x, const wchar_t *text, attr_t attributes, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
    return mvwadd_wch(window, y, x, &cell);
}

// term.h is left out: its capability macros (`columns`, `lines`…) would rename identifiers in
// every file that imports this module. These are its declarations of what is used here.
struct term;
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);
extern int setupterm(const char *, int, int *);

// A terminfo entry's colours without starting a screen (0 when there is no such entry), and
// in *rgb its RGB flag: how a direct-colour sibling of TERM is found. setupterm replaces the
// current terminal description, so the one before is put back.
static inline int iconchooser_terminfo_colors(const char *name, int descriptor, int *rgb) {
    struct term *saved = set_curterm((struct term *)0);
    int error = 0;
    *rgb = 0;
    if (setupterm(name, descriptor, &error) != OK) {
        set_curterm(saved);
        return 0;
    }
    int colors = tigetnum("colors");
    *rgb = tigetflag("RGB") > 0;
    del_curterm(set_curterm(saved));
    return colors < 0 ? 0 : colors;
}

#endif
