// The one function of jStat the experiments use (the package ships no types).
declare module 'jstat' {
  const jstat: { jStat: { chisquare: { cdf(x: number, degreesOfFreedom: number): number } } }
  export default jstat
}
