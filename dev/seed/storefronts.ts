/** The demo dealers' storefront "about" texts (issue 26 §1), by demo user key. */
export const DEMO_STOREFRONT_ABOUT: Record<string, string> = {
  pennine:
    'Family-run since 1987, Pennine Truck Sales stocks tractor units, rigids and tippers across four depots from Glasgow to Doncaster. Every truck is prepared in our own workshop with a fresh MOT, and we can arrange delivery anywhere in the UK.',
  midland:
    'Midland HGV Centre sells used trucks from 7.5 t to 44 t, with a specialist range of refrigerated and box bodies. Part exchange welcome; finance arranged through our partners.',
  thames:
    'Thames Gateway Commercials supplies ULEZ- and DVS-compliant trucks to London operators. Our Thurrock and Park Royal yards are open six days a week; viewing by appointment on Saturdays.',
};
