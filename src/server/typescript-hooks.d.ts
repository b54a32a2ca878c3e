/** typescript-hooks.js registers module hooks when it is loaded, and exports nothing. */
export {};
