// Stands for the cordova.js that `cordova prepare` copies into the app's www folder; with
// `hybrid run --container cordova-ios` the container provides window.cordova itself, at document start.
