// The part of jstat 1.9.6 test/stats/special.test.ts compares with (the package ships no types; it is CommonJS: default import only).
declare module 'jstat' {
  interface JStat {
    normal: { inv(p: number, mean: number, sd: number): number; cdf(x: number, mean: number, sd: number): number };
    studentt: { inv(p: number, dof: number): number; cdf(x: number, dof: number): number };
    beta: { inv(p: number, a: number, b: number): number };
  }
  const jStat: JStat;
  export default jStat;
}
