// One implementation of the geodesy: the seed uses what proof of delivery decides with.
export { distanceMeters, offsetPoint } from '../modules/pod/geo';
