// Puts the Decktet drawing module where the Roller's classic script finds it (a file, not an inline
// script: the Content-Security-Policy allows scripts from this server only).
import * as decktet from "/decktet.js";
window.Magnates.decktet = decktet;
