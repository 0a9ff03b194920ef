// jsdom ships no types and @types/jsdom is not a dependency; the worker uses only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { document: Document };
  }
}
